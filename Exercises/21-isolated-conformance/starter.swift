import LabCore

// Exercise 21 · isolation-modes · Make it compile: a conformance the main actor owns
//
// This file is compiled as Xcode 26's new app projects are: MainActor as the default
// isolation, with approachable concurrency (see the isolation-modes lesson). The check
// is not: it calls your code from the main actor, as a view does.
//
// The gallery removes duplicate photos off the main actor: hashing a photo's fingerprint
// is slow. Photo carries no annotation, so in this mode it is @MainActor — and so is its
// Hashable conformance, which the @concurrent function cannot use. It does not compile.
//
// TODO: make it compile, keeping the duplicates' removal off the main actor.

struct Photo: Hashable {
    let title: String
    let fingerprint: Fingerprint
}

@concurrent func uniquePhotos(_ photos: [Photo]) async -> [Photo] {
    var seen = Set<Photo>()
    return photos.filter { seen.insert($0).inserted }
}
