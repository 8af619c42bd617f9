// alternative: the photos seen kept in an actor, asked once per photo: the main actor awaits each
// answer in turn, so it wakes once per photo, and never looks for a result it could await
import LabCore

nonisolated struct Photo: Hashable {
    let title: String
    let fingerprint: Fingerprint
}

actor SeenPhotos {
    private var seen = Set<Photo>()
    func insert(_ photo: Photo) -> Bool { seen.insert(photo).inserted }
}

func uniquePhotos(_ photos: [Photo]) async -> [Photo] {
    let seen = SeenPhotos()
    var kept: [Photo] = []
    for photo in photos where await seen.insert(photo) { kept.append(photo) }
    return kept
}
