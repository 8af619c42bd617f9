// mistake: Task.detached spelled through the generic type and a metatype in a constant, to slip past a scan for "Task.detached"
// expect: Task.detached
import LabCore

nonisolated func makeThumbnails(of photos: [GalleryPhoto]) async -> [Thumbnail] {
    let Worker = Task<[Thumbnail], Never>.self
    return await Worker.detached { photos.map { Thumbnail(photo: $0) } }.value
}

@MainActor
final class GalleryModel {
    private(set) var thumbnails: [Thumbnail] = []

    func photosArrived(_ photos: [GalleryPhoto]) async {
        thumbnails = await makeThumbnails(of: photos)
    }
}
