// alternative: the main actor owns the setting; its didSet keeps an Atomic copy that the renderer reads without a hop
import LabCore
import Synchronization

enum GallerySettings {
    /// The thumbnail width the user picked, in pixels.
    @MainActor static var thumbnailWidth = 120 {
        didSet { forRenderers.store(thumbnailWidth, ordering: .releasing) }
    }
    static let forRenderers = Atomic<Int>(120)
}

@MainActor
final class SettingsScreen {
    func userPicked(width: Int) {
        GallerySettings.thumbnailWidth = width
    }
}

@concurrent func renderThumbnail(of photo: GalleryPhoto) async -> RenderedThumbnail {
    RenderedThumbnail(photo: photo, width: GallerySettings.forRenderers.load(ordering: .acquiring))
}
