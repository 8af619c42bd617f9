// alternative: the @concurrent function awaits an unstructured Task, which inherits no actor
// from it and so runs on the pool
import LabCore

nonisolated struct Photo: Hashable {
    let title: String
    let fingerprint: Fingerprint
}

@concurrent func uniquePhotos(_ photos: [Photo]) async -> [Photo] {
    // A task begun here inherits no actor (this function is @concurrent): it runs on the pool.
    await Task {
        var seen = Set<Photo>()
        return photos.filter { seen.insert($0).inserted }
    }.value
}
