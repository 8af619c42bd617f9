// alternative: @concurrent, and two halves made at once with async let, each a child of the caller's task
import LabCore

@concurrent func makeThumbnails(of photos: [GalleryPhoto]) async -> [Thumbnail] {
    guard photos.count > 1 else { return photos.map(Thumbnail.init(photo:)) }
    let middle = photos.count / 2
    // Two halves at once, each a child task of this one.
    async let front = Array(photos[..<middle]).map(Thumbnail.init(photo:))
    async let back = Array(photos[middle...]).map(Thumbnail.init(photo:))
    return await front + back
}

@MainActor
final class GalleryModel {
    private(set) var thumbnails: [Thumbnail] = []

    func photosArrived(_ photos: [GalleryPhoto]) async {
        thumbnails = await makeThumbnails(of: photos)
    }
}
