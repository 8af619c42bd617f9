// alternative: keeps the function as it was and makes each thumbnail in a child of a task group: the children run on the pool, not on the caller's main actor, and in parallel
import LabCore

nonisolated func makeThumbnails(of photos: [GalleryPhoto]) async -> [Thumbnail] {
    await withTaskGroup(of: (Int, Thumbnail).self) { group in
        for (index, photo) in photos.enumerated() {
            group.addTask { (index, Thumbnail(photo: photo)) }
        }
        var made: [(Int, Thumbnail)] = []
        for await thumbnail in group { made.append(thumbnail) }
        return made.sorted { $0.0 < $1.0 }.map(\.1)
    }
}

@MainActor
final class GalleryModel {
    private(set) var thumbnails: [Thumbnail] = []

    func photosArrived(_ photos: [GalleryPhoto]) async {
        thumbnails = await makeThumbnails(of: photos)
    }
}
