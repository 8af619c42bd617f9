import LabCore

// Solution: Photo is a plain value that no actor owns. Declared `nonisolated`, it and its
// Hashable conformance may be used anywhere, and the @concurrent function compiles.

nonisolated struct Photo: Hashable {
    let title: String
    let fingerprint: Fingerprint
}

@concurrent func uniquePhotos(_ photos: [Photo]) async -> [Photo] {
    var seen = Set<Photo>()
    return photos.filter { seen.insert($0).inserted }
}
