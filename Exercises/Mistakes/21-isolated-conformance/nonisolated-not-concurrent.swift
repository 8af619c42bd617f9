// mistake: Photo made nonisolated, but the function only 'nonisolated': in this mode it runs on its caller, the main actor
// expect: on the main actor
import LabCore

nonisolated struct Photo: Hashable {
    let title: String
    let fingerprint: Fingerprint
}

nonisolated func uniquePhotos(_ photos: [Photo]) async -> [Photo] {
    var seen = Set<Photo>()
    return photos.filter { seen.insert($0).inserted }
}
