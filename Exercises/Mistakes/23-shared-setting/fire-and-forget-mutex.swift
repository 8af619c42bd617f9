// mistake: the Mutex alternative, but the pick is stored by a task of its own: a render that starts right after the pick may read the old width
// expect: races the renderer
import LabCore
import Synchronization

enum GallerySettings {
    /// The thumbnail width the user picked, in pixels.
    static let thumbnailWidth = Mutex(120)
}

@MainActor
final class SettingsScreen {
    func userPicked(width: Int) {
        Task { GallerySettings.thumbnailWidth.withLock { $0 = width } }
    }
}

/// Renders one thumbnail at the width the user picked.
@concurrent func renderThumbnail(of photo: GalleryPhoto) async -> RenderedThumbnail {
    RenderedThumbnail(photo: photo, width: GallerySettings.thumbnailWidth.withLock { $0 })
}
