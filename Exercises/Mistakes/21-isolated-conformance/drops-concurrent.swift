// mistake: compiles by dropping @concurrent: the function is then @MainActor like the rest, and hashes there
// expect: on the main actor
import LabCore

struct Photo: Hashable {
    let title: String
    let fingerprint: Fingerprint
}

func uniquePhotos(_ photos: [Photo]) async -> [Photo] {
    var seen = Set<Photo>()
    return photos.filter { seen.insert($0).inserted }
}
