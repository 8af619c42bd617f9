// alternative: keeps Photo on the main actor and declares only its conformance nonisolated (SE-0470)
import LabCore

struct Photo {
    let title: String
    let fingerprint: Fingerprint
}

extension Photo: nonisolated Hashable {}

@concurrent func uniquePhotos(_ photos: [Photo]) async -> [Photo] {
    var seen = Set<Photo>()
    return photos.filter { seen.insert($0).inserted }
}
