// alternative: keeps the function nonisolated and calls a @concurrent closure (SE-0461 lets a function type say where it runs): the work leaves the main actor in the caller's task
import LabCore

nonisolated func makeThumbnails(of photos: [GalleryPhoto]) async -> [Thumbnail] {
    let work: @concurrent () async -> [Thumbnail] = { photos.map { Thumbnail(photo: $0) } }
    return await work()
}

@MainActor
final class GalleryModel {
    private(set) var thumbnails: [Thumbnail] = []

    func photosArrived(_ photos: [GalleryPhoto]) async {
        thumbnails = await makeThumbnails(of: photos)
    }
}
