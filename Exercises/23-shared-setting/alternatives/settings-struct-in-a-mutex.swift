// alternative: every setting in one Sendable struct kept in a Mutex; the renderer takes a snapshot
import LabCore
import Synchronization

struct Settings: Sendable {
    var thumbnailWidth = 120
}

enum GallerySettings {
    static let current = Mutex(Settings())
    /// The thumbnail width the user picked, in pixels.
    static var thumbnailWidth: Int { current.withLock { $0.thumbnailWidth } }
}

@MainActor
final class SettingsScreen {
    func userPicked(width: Int) {
        GallerySettings.current.withLock { $0.thumbnailWidth = width }
    }
}

@concurrent func renderThumbnail(of photo: GalleryPhoto) async -> RenderedThumbnail {
    let snapshot = GallerySettings.current.withLock { $0 }
    return RenderedThumbnail(photo: photo, width: snapshot.thumbnailWidth)
}
