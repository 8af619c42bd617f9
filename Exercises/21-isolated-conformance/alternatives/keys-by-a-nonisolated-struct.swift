// alternative: Photo stays the main actor's; the removal keys each photo by a nonisolated struct of
// its title and fingerprint
import LabCore

struct Photo: Hashable {
    let title: String
    let fingerprint: Fingerprint
}

@concurrent func uniquePhotos(_ photos: [Photo]) async -> [Photo] {
    // The conformance stays the main actor's: the removal keys each photo by a value of its own.
    var seen = Set<PhotoKey>()
    return photos.filter { seen.insert(PhotoKey(title: $0.title, fingerprint: $0.fingerprint)).inserted }
}

/// What makes a photo itself, in a type no actor owns.
nonisolated struct PhotoKey: Hashable {
    let title: String
    let fingerprint: Fingerprint
}
