// alternative: @concurrent, one photo at a time, stopping once the caller's task is cancelled (yielding between thumbnails); a cancelled model keeps what it showed
import LabCore

/// Stops early once the caller's task is cancelled: nobody will look at the rest.
@concurrent func makeThumbnails(of photos: [GalleryPhoto]) async -> [Thumbnail] {
    var made: [Thumbnail] = []
    for photo in photos {
        if Task.isCancelled { break }
        made.append(Thumbnail(photo: photo))
        await Task.yield()
    }
    return made
}

@MainActor
final class GalleryModel {
    private(set) var thumbnails: [Thumbnail] = []

    func photosArrived(_ photos: [GalleryPhoto]) async {
        let made = await makeThumbnails(of: photos)
        guard !Task.isCancelled else { return }
        thumbnails = made
    }
}
