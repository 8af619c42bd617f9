// mistake: spells out nonisolated(nonsending), which is what this mode already does: runs on the caller's actor
// expect: on the main actor
import LabCore

nonisolated(nonsending) func makeThumbnails(of photos: [GalleryPhoto]) async -> [Thumbnail] {
    photos.map { Thumbnail(photo: $0) }
}

@MainActor
final class GalleryModel {
    private(set) var thumbnails: [Thumbnail] = []

    func photosArrived(_ photos: [GalleryPhoto]) async {
        thumbnails = await makeThumbnails(of: photos)
    }
}
