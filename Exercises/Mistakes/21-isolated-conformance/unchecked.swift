// mistake: reaches for @unchecked Sendable, which the exercise forbids (and which does not make the conformance usable off the main actor)
// expect: @unchecked
import LabCore

nonisolated struct Photo: Hashable, @unchecked Sendable {
    let title: String
    let fingerprint: Fingerprint
}

@concurrent func uniquePhotos(_ photos: [Photo]) async -> [Photo] {
    var seen = Set<Photo>()
    return photos.filter { seen.insert($0).inserted }
}
