// alternative: the function kept as it was; a private static helper of the main-actor model, nonisolated and @concurrent, calls it off the main actor
import LabCore

nonisolated func makeThumbnails(of photos: [GalleryPhoto]) async -> [Thumbnail] {
    photos.map { Thumbnail(photo: $0) }
}

@MainActor
final class GalleryModel {
    private(set) var thumbnails: [Thumbnail] = []

    func photosArrived(_ photos: [GalleryPhoto]) async {
        thumbnails = await Self.render(photos)
    }

    // The model is on the main actor; this one helper is not, and says so.
    @concurrent
    private nonisolated static func render(_ photos: [GalleryPhoto]) async -> [Thumbnail] {
        await makeThumbnails(of: photos)
    }
}
