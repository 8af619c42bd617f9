// mistake: the setting on the main actor, the renderer only 'nonisolated': in this mode it runs on its caller, the main actor
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

nonisolated func renderThumbnail(of photo: GalleryPhoto) async -> RenderedThumbnail {
    let width = await GallerySettings.thumbnailWidth
    return RenderedThumbnail(photo: photo, width: width)
}
