import LabCore

// Exercise 23 · isolation-modes · Make it compile: a setting the whole app reads
//
// This file is compiled with approachable concurrency (NonisolatedNonsendingByDefault and
// InferIsolatedConformances; see the isolation-modes lesson), nonisolated by default. The
// check is not: it calls your code from the main actor, as a view does.
//
// The settings screen stores the thumbnail width the user picked; the renderer reads it
// off the main actor, where rendering belongs (each thumbnail is 60 ms of CPU work). A
// mutable static is shared by every thread, so the compiler refuses it.
//
// TODO: make it compile. The width the user picked must reach every thumbnail rendered
// after the pick, and the rendering must stay off the main actor.

enum GallerySettings {
    /// The thumbnail width the user picked, in pixels.
    static var thumbnailWidth = 120
}

@MainActor
final class SettingsScreen {
    func userPicked(width: Int) {
        GallerySettings.thumbnailWidth = width
    }
}

/// Renders one thumbnail at the width the user picked.
@concurrent func renderThumbnail(of photo: GalleryPhoto) async -> RenderedThumbnail {
    RenderedThumbnail(photo: photo, width: GallerySettings.thumbnailWidth)
}
