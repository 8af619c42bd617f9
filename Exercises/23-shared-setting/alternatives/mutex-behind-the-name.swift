// alternative: the Mutex alternative behind the setting's own name: a private static Mutex, read and written through a computed thumbnailWidth
import LabCore
import Synchronization

enum GallerySettings {
    private static let width = Mutex(120)

    /// The thumbnail width the user picked, in pixels.
    static var thumbnailWidth: Int {
        get { width.withLock { $0 } }
        set { width.withLock { $0 = newValue } }
    }
}

@MainActor
final class SettingsScreen {
    func userPicked(width: Int) {
        GallerySettings.thumbnailWidth = width
    }
}

@concurrent func renderThumbnail(of photo: GalleryPhoto) async -> RenderedThumbnail {
    RenderedThumbnail(photo: photo, width: GallerySettings.thumbnailWidth)
}
