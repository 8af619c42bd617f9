// alternative: an @Observable settings object on the main actor behind the setting's name
import LabCore
import Observation

/// The app's settings: UI state, owned by the main actor, observable by the settings screen.
@MainActor @Observable
final class AppSettings {
    static let shared = AppSettings()
    /// The thumbnail width the user picked, in pixels.
    var thumbnailWidth = 120
}

enum GallerySettings {
    /// The thumbnail width the user picked, in pixels.
    @MainActor static var thumbnailWidth: Int {
        get { AppSettings.shared.thumbnailWidth }
        set { AppSettings.shared.thumbnailWidth = newValue }
    }
}

@MainActor
final class SettingsScreen {
    func userPicked(width: Int) {
        GallerySettings.thumbnailWidth = width
    }
}

/// Renders one thumbnail at the width the user picked.
@concurrent func renderThumbnail(of photo: GalleryPhoto) async -> RenderedThumbnail {
    let width = await currentWidth()
    return RenderedThumbnail(photo: photo, width: width)
}

@MainActor private func currentWidth() -> Int { AppSettings.shared.thumbnailWidth }
