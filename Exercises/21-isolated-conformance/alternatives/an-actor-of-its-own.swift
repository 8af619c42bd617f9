// alternative: the removal in an actor of its own, which the @concurrent function awaits
import LabCore

nonisolated struct Photo: Hashable {
    let title: String
    let fingerprint: Fingerprint
}

/// Remembers the photos it has seen; an actor of its own, off the main actor.
actor Deduplicator {
    private var seen: Set<Photo> = []

    func firstSightings(of photos: [Photo]) -> [Photo] {
        photos.filter { seen.insert($0).inserted }
    }
}

@concurrent func uniquePhotos(_ photos: [Photo]) async -> [Photo] {
    await Deduplicator().firstSightings(of: photos)
}
