import LabCore

// Solution: the setting is UI state, so the main actor owns it. The renderer, off the main
// actor, reads it with one `await` (a hop to the main actor and back) and renders where it is.

enum GallerySettings {
    /// The thumbnail width the user picked, in pixels.
    @MainActor static var thumbnailWidth = 120
}

@MainActor
final class SettingsScreen {
    func userPicked(width: Int) {
        GallerySettings.thumbnailWidth = width
    }
}

/// Renders one thumbnail at the width the user picked.
@concurrent func renderThumbnail(of photo: GalleryPhoto) async -> RenderedThumbnail {
    let width = await GallerySettings.thumbnailWidth
    return RenderedThumbnail(photo: photo, width: width)
}
