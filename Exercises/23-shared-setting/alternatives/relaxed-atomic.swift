// alternative: an Atomic read and written with relaxed ordering: one value alone needs no ordering with other memory, and each read still sees the last store before it
import LabCore
import Synchronization

enum GallerySettings {
    /// The thumbnail width the user picked, in pixels.
    static let thumbnailWidth = Atomic<Int>(120)
}

@MainActor
final class SettingsScreen {
    func userPicked(width: Int) {
        GallerySettings.thumbnailWidth.store(width, ordering: .relaxed)
    }
}

@concurrent func renderThumbnail(of photo: GalleryPhoto) async -> RenderedThumbnail {
    RenderedThumbnail(photo: photo, width: GallerySettings.thumbnailWidth.load(ordering: .relaxed))
}
