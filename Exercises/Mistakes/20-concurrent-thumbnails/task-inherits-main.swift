// mistake: wraps the call in Task {}, which inherits the main actor: the work still runs there
// expect: on the main actor
import LabCore

nonisolated func makeThumbnails(of photos: [GalleryPhoto]) async -> [Thumbnail] {
    photos.map { Thumbnail(photo: $0) }
}

@MainActor
final class GalleryModel {
    private(set) var thumbnails: [Thumbnail] = []

    func photosArrived(_ photos: [GalleryPhoto]) async {
        thumbnails = await Task { await makeThumbnails(of: photos) }.value
    }
}
