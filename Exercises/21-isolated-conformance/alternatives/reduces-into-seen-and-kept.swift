// alternative: one reduce(into:) that carries the photos seen and the photos kept
import LabCore

nonisolated struct Photo: Hashable {
    let title: String
    let fingerprint: Fingerprint
}

@concurrent func uniquePhotos(_ photos: [Photo]) async -> [Photo] {
    // One pass, carrying the photos seen and the ones kept.
    photos.reduce(into: (seen: Set<Photo>(), kept: [Photo]())) { state, photo in
        if state.seen.insert(photo).inserted { state.kept.append(photo) }
    }.kept
}
