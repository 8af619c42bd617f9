// alternative: the batch function stays where its caller is and awaits a @concurrent call for each thumbnail: each leaves the main actor in the caller's task
import LabCore

@concurrent nonisolated func makeThumbnail(of photo: GalleryPhoto) async -> Thumbnail {
    Thumbnail(photo: photo)
}

nonisolated func makeThumbnails(of photos: [GalleryPhoto]) async -> [Thumbnail] {
    var made: [Thumbnail] = []
    for photo in photos { made.append(await makeThumbnail(of: photo)) }
    return made
}

@MainActor
final class GalleryModel {
    private(set) var thumbnails: [Thumbnail] = []

    func photosArrived(_ photos: [GalleryPhoto]) async {
        thumbnails = await makeThumbnails(of: photos)
    }
}
