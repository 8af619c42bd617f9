// mistake: compiles by not hashing at all: returns every photo, duplicates included
// expect: distinct
import LabCore

struct Photo: Hashable {
    let title: String
    let fingerprint: Fingerprint
}

@concurrent func uniquePhotos(_ photos: [Photo]) async -> [Photo] {
    photos
}
