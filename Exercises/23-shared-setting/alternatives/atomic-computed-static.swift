// alternative: an Atomic behind a computed static with a getter and a setter (acquire/release)
import LabCore
import Synchronization

enum GallerySettings {
    private static let stored = Atomic<Int>(120)
    /// The thumbnail width the user picked, in pixels.
    static var thumbnailWidth: Int {
        get { stored.load(ordering: .acquiring) }
        set { stored.store(newValue, ordering: .releasing) }
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
