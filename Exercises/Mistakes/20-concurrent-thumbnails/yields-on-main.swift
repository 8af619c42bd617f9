// mistake: stays on the main actor and yields between thumbnails: each one still freezes a frame
// expect: on the main actor
import LabCore

@MainActor
func makeThumbnails(of photos: [GalleryPhoto]) async -> [Thumbnail] {
    var made: [Thumbnail] = []
    for photo in photos {
        made.append(Thumbnail(photo: photo))
        await Task.yield()
    }
    return made
}

@MainActor
final class GalleryModel {
    private(set) var thumbnails: [Thumbnail] = []

    func photosArrived(_ photos: [GalleryPhoto]) async {
        thumbnails = await makeThumbnails(of: photos)
    }
}
