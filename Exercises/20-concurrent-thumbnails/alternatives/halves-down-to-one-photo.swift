// alternative: @concurrent, each half made in an async let, down to one photo, the halves joined in order
import LabCore

@concurrent nonisolated func makeThumbnails(of photos: [GalleryPhoto]) async -> [Thumbnail] {
    guard photos.count > 1 else { return photos.map { Thumbnail(photo: $0) } }
    let middle = photos.count / 2
    async let left = makeThumbnails(of: Array(photos[..<middle]))
    async let right = makeThumbnails(of: Array(photos[middle...]))
    return await left + right
}

@MainActor
final class GalleryModel {
    private(set) var thumbnails: [Thumbnail] = []

    func photosArrived(_ photos: [GalleryPhoto]) async {
        thumbnails = await makeThumbnails(of: photos)
    }
}
