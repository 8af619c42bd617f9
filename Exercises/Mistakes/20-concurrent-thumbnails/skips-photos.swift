// mistake: leaves the main actor, but makes thumbnails for the first two photos only
// expect: thumbnails
import LabCore

@concurrent nonisolated func makeThumbnails(of photos: [GalleryPhoto]) async -> [Thumbnail] {
    photos.prefix(2).map { Thumbnail(photo: $0) }
}

@MainActor
final class GalleryModel {
    private(set) var thumbnails: [Thumbnail] = []

    func photosArrived(_ photos: [GalleryPhoto]) async {
        thumbnails = await makeThumbnails(of: photos)
    }
}
