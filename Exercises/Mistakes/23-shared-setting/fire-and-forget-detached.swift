// mistake: the Mutex alternative, with the pick stored by a detached task: it usually runs at once on another thread, but nothing orders it before the next render
// expect: Task.detached
import LabCore
import Synchronization

enum GallerySettings {
    /// The thumbnail width the user picked, in pixels.
    static let thumbnailWidth = Mutex(120)
}

@MainActor
final class SettingsScreen {
    func userPicked(width: Int) {
        Task.detached { GallerySettings.thumbnailWidth.withLock { $0 = width } }
    }
}

/// Renders one thumbnail at the width the user picked.
@concurrent func renderThumbnail(of photo: GalleryPhoto) async -> RenderedThumbnail {
    RenderedThumbnail(photo: photo, width: GallerySettings.thumbnailWidth.withLock { $0 })
}
