// alternative: a discarding task group whose children write each thumbnail into its photo's slot, kept in a Mutex in a Sendable class
import LabCore
import Synchronization

final class Slots: Sendable {
    let thumbnails: Mutex<[Thumbnail?]>
    init(count: Int) { thumbnails = Mutex(Array(repeating: nil, count: count)) }
}

nonisolated func makeThumbnails(of photos: [GalleryPhoto]) async -> [Thumbnail] {
    let slots = Slots(count: photos.count)
    await withDiscardingTaskGroup { group in
        for (index, photo) in photos.enumerated() {
            group.addTask {
                let thumbnail = Thumbnail(photo: photo)
                slots.thumbnails.withLock { $0[index] = thumbnail }
            }
        }
    }
    return slots.thumbnails.withLock { $0.compactMap { $0 } }
}

@MainActor
final class GalleryModel {
    private(set) var thumbnails: [Thumbnail] = []

    func photosArrived(_ photos: [GalleryPhoto]) async {
        thumbnails = await makeThumbnails(of: photos)
    }
}
