// mistake: the setting in an actor of its own, stored by a fire-and-forget Task: usually in time, but a render that starts right after the pick races it
// expect: races the renderer
import LabCore

actor WidthStore {
    var width = 120
    func set(_ width: Int) { self.width = width }
}

enum GallerySettings {
    /// The thumbnail width the user picked, in pixels.
    static let thumbnailWidth = WidthStore()
}

@MainActor
final class SettingsScreen {
    func userPicked(width: Int) {
        Task { await GallerySettings.thumbnailWidth.set(width) }
    }
}

/// Renders one thumbnail at the width the user picked.
@concurrent func renderThumbnail(of photo: GalleryPhoto) async -> RenderedThumbnail {
    let width = await GallerySettings.thumbnailWidth.width
    return RenderedThumbnail(photo: photo, width: width)
}
