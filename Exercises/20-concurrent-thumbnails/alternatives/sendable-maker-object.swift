// alternative: a Sendable maker object the model holds, whose @concurrent method makes the batch on the pool, in the caller's task
import LabCore

final class ThumbnailMaker: Sendable {
    @concurrent func make(_ photos: [GalleryPhoto]) async -> [Thumbnail] {
        photos.map { Thumbnail(photo: $0) }
    }
}

nonisolated func makeThumbnails(of photos: [GalleryPhoto]) async -> [Thumbnail] {
    await ThumbnailMaker().make(photos)
}

@MainActor
final class GalleryModel {
    private(set) var thumbnails: [Thumbnail] = []
    private let maker = ThumbnailMaker()

    func photosArrived(_ photos: [GalleryPhoto]) async {
        thumbnails = await maker.make(photos)
    }
}
