// alternative: the model is a plain class: in this mode its photosArrived is nonisolated(nonsending), so it runs on the main actor that calls it, and the @concurrent function makes the thumbnails off it
import LabCore

@concurrent nonisolated func makeThumbnails(of photos: [GalleryPhoto]) async -> [Thumbnail] {
    photos.map { Thumbnail(photo: $0) }
}

final class GalleryModel {
    private(set) var thumbnails: [Thumbnail] = []

    func photosArrived(_ photos: [GalleryPhoto]) async {
        thumbnails = await makeThumbnails(of: photos)
    }
}
