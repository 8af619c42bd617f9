// alternative: hashes every photo at once in a child task of its own (the slow part), then keeps each photo's first copy, comparing only photos whose hashes agree
import LabCore

nonisolated struct Photo: Hashable {
    let title: String
    let fingerprint: Fingerprint
}

/// Hashes every photo at once in child tasks (hashing is the slow part), then keeps each
/// photo's first copy, comparing only photos whose hashes agree.
@concurrent func uniquePhotos(_ photos: [Photo]) async -> [Photo] {
    let hashes = await withTaskGroup(of: (Int, Int).self) { group in
        for (index, photo) in photos.enumerated() {
            group.addTask { (index, photo.hashValue) }
        }
        var hashes = Array(repeating: 0, count: photos.count)
        for await (index, hash) in group { hashes[index] = hash }
        return hashes
    }
    var buckets: [Int: [Photo]] = [:]
    var kept: [Photo] = []
    for (photo, hash) in zip(photos, hashes) where !(buckets[hash] ?? []).contains(photo) {
        buckets[hash, default: []].append(photo)
        kept.append(photo)
    }
    return kept
}
