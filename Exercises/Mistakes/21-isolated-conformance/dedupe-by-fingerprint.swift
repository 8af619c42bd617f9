// mistake: deduplicates on the fingerprint alone: one picture under two titles becomes one photo, though Photo's Hashable says they differ
// expect: distinct photos
import LabCore

nonisolated struct Photo: Hashable {
    let title: String
    let fingerprint: Fingerprint
}

@concurrent func uniquePhotos(_ photos: [Photo]) async -> [Photo] {
    var seen = Set<Fingerprint>()
    return photos.filter { seen.insert($0.fingerprint).inserted }
}
