// mistake: leaves with Task.detached, which the exercise forbids (unstructured: no cancellation, no priority, no task-locals)
// expect: Task.detached
import LabCore

nonisolated func makeThumbnails(of photos: [GalleryPhoto]) async -> [Thumbnail] {
    await Task.detached { photos.map { Thumbnail(photo: $0) } }.value
}

@MainActor
final class GalleryModel {
    private(set) var thumbnails: [Thumbnail] = []

    func photosArrived(_ photos: [GalleryPhoto]) async {
        thumbnails = await makeThumbnails(of: photos)
    }
}
