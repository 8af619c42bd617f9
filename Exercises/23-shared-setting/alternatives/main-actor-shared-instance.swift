// alternative: a main-actor settings object (a shared instance), read through a main-actor helper with one hop
import LabCore

@MainActor
final class GallerySettings {
    static let shared = GallerySettings()
    /// The thumbnail width the user picked, in pixels.
    var thumbnailWidth = 120
}

@MainActor
final class SettingsScreen {
    func userPicked(width: Int) {
        GallerySettings.shared.thumbnailWidth = width
    }
}

@concurrent func renderThumbnail(of photo: GalleryPhoto) async -> RenderedThumbnail {
    let width = await widthNow()
    return RenderedThumbnail(photo: photo, width: width)
}

@MainActor private func widthNow() -> Int { GallerySettings.shared.thumbnailWidth }
