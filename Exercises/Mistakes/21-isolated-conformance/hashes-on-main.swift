// mistake: keeps @concurrent, and hops back to the main actor to use the conformance there
// expect: on the main actor
import LabCore

struct Photo: Hashable {
    let title: String
    let fingerprint: Fingerprint
}

@concurrent func uniquePhotos(_ photos: [Photo]) async -> [Photo] {
    await MainActor.run {
        var seen = Set<Photo>()
        return photos.filter { seen.insert($0).inserted }
    }
}
