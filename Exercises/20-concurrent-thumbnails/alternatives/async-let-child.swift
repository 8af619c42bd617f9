// alternative: keeps the function as it was and awaits it through an async let: the binding's child task runs on the pool, not on the caller's main actor, and cancelling the caller reaches it
import LabCore

nonisolated func makeThumbnails(of photos: [GalleryPhoto]) async -> [Thumbnail] {
    photos.map { Thumbnail(photo: $0) }
}

@MainActor
final class GalleryModel {
    private(set) var thumbnails: [Thumbnail] = []

    func photosArrived(_ photos: [GalleryPhoto]) async {
        async let made = makeThumbnails(of: photos)
        thumbnails = await made
    }
}
