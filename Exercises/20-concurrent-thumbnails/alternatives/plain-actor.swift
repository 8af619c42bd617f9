// alternative: a plain actor makes the thumbnails: its executor is the pool's, and the caller's task hops there, cancellation and all
import LabCore

actor ThumbnailMaker {
    func make(_ photos: [GalleryPhoto]) -> [Thumbnail] { photos.map { Thumbnail(photo: $0) } }
}

nonisolated func makeThumbnails(of photos: [GalleryPhoto]) async -> [Thumbnail] {
    await ThumbnailMaker().make(photos)
}

@MainActor
final class GalleryModel {
    private(set) var thumbnails: [Thumbnail] = []

    func photosArrived(_ photos: [GalleryPhoto]) async {
        thumbnails = await makeThumbnails(of: photos)
    }
}
