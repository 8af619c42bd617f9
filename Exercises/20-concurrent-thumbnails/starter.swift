import LabCore

// Exercise 20 · isolation-modes · Off the main actor with @concurrent
//
// This file is compiled with approachable concurrency, as Xcode 26 sets it:
// NonisolatedNonsendingByDefault and InferIsolatedConformances (see the isolation-modes
// lesson). The check is not: it calls your code from the main actor, as a view does.
//
// The gallery makes thumbnails when photos arrive. Their author marked
// makeThumbnails(of:) `nonisolated`, expecting that to run it off the main actor, as it
// did in Swift 6. In this mode it runs on its caller's actor: the UI freezes while it works.
//
// TODO: make makeThumbnails(of:) run off the main actor in this mode, without Task.detached.

nonisolated func makeThumbnails(of photos: [GalleryPhoto]) async -> [Thumbnail] {
    photos.map { Thumbnail(photo: $0) }
}

@MainActor
final class GalleryModel {
    private(set) var thumbnails: [Thumbnail] = []

    func photosArrived(_ photos: [GalleryPhoto]) async {
        thumbnails = await makeThumbnails(of: photos)
    }
}
