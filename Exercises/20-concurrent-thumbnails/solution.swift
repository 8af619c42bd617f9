import LabCore

// Solution: @concurrent is the explicit way off the caller's actor, the same in every mode.
// (A nonisolated async function now runs where its caller runs; only @concurrent leaves.)

@concurrent nonisolated func makeThumbnails(of photos: [GalleryPhoto]) async -> [Thumbnail] {
    photos.map { Thumbnail(photo: $0) }
}

@MainActor
final class GalleryModel {
    private(set) var thumbnails: [Thumbnail] = []

    func photosArrived(_ photos: [GalleryPhoto]) async {
        thumbnails = await makeThumbnails(of: photos)
    }
}
