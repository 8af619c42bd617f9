// mistake: @concurrent, but does the work inside MainActor.run
// expect: on the main actor
import LabCore

@concurrent nonisolated func makeThumbnails(of photos: [GalleryPhoto]) async -> [Thumbnail] {
    await MainActor.run { photos.map { Thumbnail(photo: $0) } }
}

@MainActor
final class GalleryModel {
    private(set) var thumbnails: [Thumbnail] = []

    func photosArrived(_ photos: [GalleryPhoto]) async {
        thumbnails = await makeThumbnails(of: photos)
    }
}
