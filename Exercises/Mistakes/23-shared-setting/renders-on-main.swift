// mistake: compiles by putting the renderer on the main actor with the setting: each thumbnail's 60 ms then freezes the UI
// expect: on the main actor
import LabCore

enum GallerySettings {
    @MainActor static var thumbnailWidth = 120
}

@MainActor
final class SettingsScreen {
    func userPicked(width: Int) {
        GallerySettings.thumbnailWidth = width
    }
}

@MainActor func renderThumbnail(of photo: GalleryPhoto) async -> RenderedThumbnail {
    RenderedThumbnail(photo: photo, width: GallerySettings.thumbnailWidth)
}
