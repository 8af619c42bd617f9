// alternative: == synthesized, hash(into:) written out with the fingerprint alone (equal photos
// have equal fingerprints)
import LabCore

nonisolated struct Photo: Hashable {
    let title: String
    let fingerprint: Fingerprint

    // Equal photos have equal fingerprints, so hashing the fingerprint alone is enough.
    func hash(into hasher: inout Hasher) { hasher.combine(fingerprint) }
}

@concurrent func uniquePhotos(_ photos: [Photo]) async -> [Photo] {
    var seen = Set<Photo>()
    return photos.filter { seen.insert($0).inserted }
}
