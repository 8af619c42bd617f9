// mistake: compiles by deduplicating on the title alone (a String needs no conformance): two different pictures with one title become one
// expect: distinct photos
import LabCore

nonisolated struct Photo {
    let title: String
    let fingerprint: Fingerprint
}

@concurrent func uniquePhotos(_ photos: [Photo]) async -> [Photo] {
    var seen = Set<String>()
    return photos.filter { seen.insert($0.title).inserted }
}
