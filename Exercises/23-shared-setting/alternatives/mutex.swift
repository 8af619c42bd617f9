import LabCore
import Synchronization

// Alternative: a lock the setting lives in. Any thread may read it without a hop.

enum GallerySettings {
    /// The thumbnail width the user picked, in pixels.
    static let thumbnailWidth = Mutex(120)
}

@MainActor
final class SettingsScreen {
    func userPicked(width: Int) {
        GallerySettings.thumbnailWidth.withLock { $0 = width }
    }
}

/// Renders one thumbnail at the width the user picked.
@concurrent func renderThumbnail(of photo: GalleryPhoto) async -> RenderedThumbnail {
    RenderedThumbnail(photo: photo, width: GallerySettings.thumbnailWidth.withLock { $0 })
}
