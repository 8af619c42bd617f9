// mistake: compiles by making the width a constant: the user's pick never reaches a thumbnail
// expect: the user picked
import LabCore

enum GallerySettings {
    static let thumbnailWidth = 120
}

@MainActor
final class SettingsScreen {
    var width = GallerySettings.thumbnailWidth
    func userPicked(width: Int) {
        self.width = width
    }
}

@concurrent func renderThumbnail(of photo: GalleryPhoto) async -> RenderedThumbnail {
    RenderedThumbnail(photo: photo, width: GallerySettings.thumbnailWidth)
}
