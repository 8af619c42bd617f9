// alternative: a nonisolated Photo; the two halves' distinct photos found at once in two async lets, then merged in order
import LabCore

nonisolated struct Photo: Hashable {
    let title: String
    let fingerprint: Fingerprint
}

nonisolated func firstCopies(_ photos: ArraySlice<Photo>) -> [Photo] {
    var seen = Set<Photo>()
    return photos.filter { seen.insert($0).inserted }
}

@concurrent func uniquePhotos(_ photos: [Photo]) async -> [Photo] {
    let middle = photos.count / 2
    async let front = firstCopies(photos[..<middle])
    async let back = firstCopies(photos[middle...])
    var seen = Set(await front)
    return await front + (await back).filter { seen.insert($0).inserted }
}
