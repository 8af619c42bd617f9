// alternative: the setting on the main actor, read by the renderer through a main-actor function it awaits
import LabCore

enum GallerySettings {
    /// The thumbnail width the user picked, in pixels.
    @MainActor static var thumbnailWidth = 120
    @MainActor static func currentWidth() -> Int { thumbnailWidth }
}

@MainActor
final class SettingsScreen {
    func userPicked(width: Int) {
        GallerySettings.thumbnailWidth = width
    }
}

@concurrent func renderThumbnail(of photo: GalleryPhoto) async -> RenderedThumbnail {
    let width = await GallerySettings.currentWidth()
    return RenderedThumbnail(photo: photo, width: width)
}
