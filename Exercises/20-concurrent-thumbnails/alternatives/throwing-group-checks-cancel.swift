// alternative: a throwing task group whose children check for cancellation first; the model keeps what it showed when the batch is cancelled
import LabCore

nonisolated func makeThumbnails(of photos: [GalleryPhoto]) async throws -> [Thumbnail] {
    try await withThrowingTaskGroup(of: (Int, Thumbnail).self) { group in
        for (index, photo) in photos.enumerated() {
            group.addTask {
                try Task.checkCancellation()
                return (index, Thumbnail(photo: photo))
            }
        }
        var byIndex: [Int: Thumbnail] = [:]
        for try await (index, thumbnail) in group { byIndex[index] = thumbnail }
        return photos.indices.compactMap { byIndex[$0] }
    }
}

@MainActor
final class GalleryModel {
    private(set) var thumbnails: [Thumbnail] = []

    func photosArrived(_ photos: [GalleryPhoto]) async {
        do {
            thumbnails = try await makeThumbnails(of: photos)
        } catch {
            // Cancelled: the view went away; keep what was shown.
        }
    }
}
