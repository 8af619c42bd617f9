// alternative: the main actor's width read in an async let, awaited before rendering
import LabCore

enum GallerySettings {
    /// The thumbnail width the user picked, in pixels.
    @MainActor static var thumbnailWidth = 120
}

@MainActor
final class SettingsScreen {
    func userPicked(width: Int) {
        GallerySettings.thumbnailWidth = width
    }
}

@concurrent func renderThumbnail(of photo: GalleryPhoto) async -> RenderedThumbnail {
    async let width = GallerySettings.thumbnailWidth
    return RenderedThumbnail(photo: photo, width: await width)
}
