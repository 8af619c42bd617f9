// alternative: no @concurrent: the function awaits a detached task's value
import LabCore

nonisolated struct Photo: Hashable {
    let title: String
    let fingerprint: Fingerprint
}

// No @concurrent: the caller awaits a detached task, which runs on the pool.
func uniquePhotos(_ photos: [Photo]) async -> [Photo] {
    await Task.detached(priority: .userInitiated) {
        var seen = Set<Photo>()
        return photos.filter { seen.insert($0).inserted }
    }.value
}
