// alternative: the conformance alone nonisolated, and the removal in an async let of a nonisolated helper
import LabCore

struct Photo {
    let title: String
    let fingerprint: Fingerprint
}

extension Photo: nonisolated Hashable {}

nonisolated func firstCopies(_ photos: [Photo]) -> [Photo] {
    var seen = Set<Photo>()
    return photos.filter { seen.insert($0).inserted }
}

@concurrent func uniquePhotos(_ photos: [Photo]) async -> [Photo] {
    async let kept = firstCopies(photos)
    return await kept
}
