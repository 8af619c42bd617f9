// alternative: the whole settings namespace on the main actor, read by the renderer through MainActor.run
import LabCore

// The whole settings namespace belongs to the main actor, as the settings screen does.
@MainActor
enum GallerySettings {
    /// The thumbnail width the user picked, in pixels.
    static var thumbnailWidth = 120
}

@MainActor
final class SettingsScreen {
    func userPicked(width: Int) {
        GallerySettings.thumbnailWidth = width
    }
}

/// Renders one thumbnail at the width the user picked.
@concurrent func renderThumbnail(of photo: GalleryPhoto) async -> RenderedThumbnail {
    let width = await MainActor.run { GallerySettings.thumbnailWidth }
    return RenderedThumbnail(photo: photo, width: width)
}
