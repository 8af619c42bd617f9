// mistake: silences the compiler with nonisolated(unsafe), which the exercise forbids: the race on the width is still there
// expect: nonisolated(unsafe)
import LabCore

enum GallerySettings {
    nonisolated(unsafe) static var thumbnailWidth = 120
}

@MainActor
final class SettingsScreen {
    func userPicked(width: Int) {
        GallerySettings.thumbnailWidth = width
    }
}

@concurrent func renderThumbnail(of photo: GalleryPhoto) async -> RenderedThumbnail {
    RenderedThumbnail(photo: photo, width: GallerySettings.thumbnailWidth)
}
