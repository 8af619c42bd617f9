// alternative: a nonisolated Photo, the removal the one child of a task group that the @concurrent function awaits
import LabCore

nonisolated struct Photo: Hashable {
    let title: String
    let fingerprint: Fingerprint
}

@concurrent func uniquePhotos(_ photos: [Photo]) async -> [Photo] {
    await withTaskGroup(of: [Photo].self) { group in
        group.addTask {
            var seen = Set<Photo>()
            return photos.filter { seen.insert($0).inserted }
        }
        return await group.next() ?? []
    }
}
