// mistake: keeps the width in the process environment (setenv/getenv): it compiles, and every thread sees it, but it is the process's, not the app's state
// expect: setenv
import Foundation
import LabCore

enum GallerySettings {
    static var thumbnailWidth: Int { getenv("THUMBNAIL_WIDTH").flatMap { Int(String(cString: $0)) } ?? 120 }
}

@MainActor
final class SettingsScreen {
    func userPicked(width: Int) {
        setenv("THUMBNAIL_WIDTH", "\(width)", 1)
    }
}

/// Renders one thumbnail at the width the user picked.
@concurrent func renderThumbnail(of photo: GalleryPhoto) async -> RenderedThumbnail {
    RenderedThumbnail(photo: photo, width: GallerySettings.thumbnailWidth)
}
