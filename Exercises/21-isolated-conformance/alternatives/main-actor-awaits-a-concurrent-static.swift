// alternative: uniquePhotos stays on the main actor (this mode's default) and awaits a @concurrent static helper
import LabCore

nonisolated struct Photo: Hashable {
    let title: String
    let fingerprint: Fingerprint
}

enum Gallery {
    @concurrent static func removingDuplicates(_ photos: [Photo]) async -> [Photo] {
        var seen = Set<Photo>()
        return photos.filter { seen.insert($0).inserted }
    }
}

func uniquePhotos(_ photos: [Photo]) async -> [Photo] {
    await Gallery.removingDuplicates(photos)
}
