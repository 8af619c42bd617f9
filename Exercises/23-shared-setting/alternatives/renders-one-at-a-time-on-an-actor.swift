// alternative: the pick in a Mutex; each thumbnail rendered on an actor of its own, one at a time, off the main actor (a render kept in flight by the check makes the next wait out its 1 s)
import LabCore
import Synchronization

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

actor Renderer {
    static let shared = Renderer()
    func render(_ photo: GalleryPhoto) -> RenderedThumbnail {
        RenderedThumbnail(photo: photo, width: GallerySettings.thumbnailWidth.withLock { $0 })
    }
}

@concurrent func renderThumbnail(of photo: GalleryPhoto) async -> RenderedThumbnail {
    await Renderer.shared.render(photo)
}
