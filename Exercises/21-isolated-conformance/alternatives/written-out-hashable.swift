// alternative: Photo's == and hash(into:) written out, and a loop that keeps each photo's first copy
import LabCore

// Photo's own == and hash(into:), written out, on a nonisolated type.
nonisolated struct Photo: Hashable {
    let title: String
    let fingerprint: Fingerprint

    static func == (lhs: Photo, rhs: Photo) -> Bool {
        lhs.title == rhs.title && lhs.fingerprint == rhs.fingerprint
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(title)
        hasher.combine(fingerprint)
    }
}

@concurrent func uniquePhotos(_ photos: [Photo]) async -> [Photo] {
    var seen = Set<Photo>()
    var unique: [Photo] = []
    for photo in photos where !seen.contains(photo) {
        seen.insert(photo)
        unique.append(photo)
    }
    return unique
}
