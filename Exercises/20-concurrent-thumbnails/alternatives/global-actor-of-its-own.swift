// alternative: a global actor of the gallery's own: its executor is the pool's, so the caller's task hops there, cancellation and all
import LabCore

@globalActor actor ThumbnailActor {
    static let shared = ThumbnailActor()
}

@ThumbnailActor func makeThumbnails(of photos: [GalleryPhoto]) async -> [Thumbnail] {
    photos.map { Thumbnail(photo: $0) }
}

@MainActor
final class GalleryModel {
    private(set) var thumbnails: [Thumbnail] = []

    func photosArrived(_ photos: [GalleryPhoto]) async {
        thumbnails = await makeThumbnails(of: photos)
    }
}
