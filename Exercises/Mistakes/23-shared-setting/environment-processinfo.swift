// mistake: writes the width with setenv and reads it back through ProcessInfo's environment
// expect: ProcessInfo
import Foundation
import LabCore

enum GallerySettings {
    static var thumbnailWidth: Int { Int(ProcessInfo.processInfo.environment["THUMBNAIL_WIDTH"] ?? "") ?? 120 }
}

@MainActor
final class SettingsScreen {
    func userPicked(width: Int) {
        Foundation.setenv("THUMBNAIL_WIDTH", "\(width)", 1)
    }
}

/// Renders one thumbnail at the width the user picked.
@concurrent func renderThumbnail(of photo: GalleryPhoto) async -> RenderedThumbnail {
    RenderedThumbnail(photo: photo, width: GallerySettings.thumbnailWidth)
}
