// alternative: a nonisolated conformance and a dictionary of each photo's first place, sorted by it
import LabCore

struct Photo {
    let title: String
    let fingerprint: Fingerprint
}

extension Photo: nonisolated Hashable {}

@concurrent func uniquePhotos(_ photos: [Photo]) async -> [Photo] {
    let firstIndex = photos.enumerated().reduce(into: [Photo: Int]()) { first, pair in
        if first[pair.element] == nil { first[pair.element] = pair.offset }
    }
    return firstIndex.sorted { $0.value < $1.value }.map(\.key)
}
