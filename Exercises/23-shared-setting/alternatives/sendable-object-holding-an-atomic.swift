// alternative: the width in a Sendable settings object (a final class holding an Atomic, acquire/release), shared as a static let
import LabCore
import Synchronization

final class WidthSetting: Sendable {
    private let stored: Atomic<Int>
    init(_ width: Int) { stored = Atomic(width) }
    var value: Int {
        get { stored.load(ordering: .acquiring) }
    }
    func set(_ width: Int) { stored.store(width, ordering: .releasing) }
}

enum GallerySettings {
    /// The thumbnail width the user picked, in pixels.
    static let thumbnailWidth = WidthSetting(120)
}

@MainActor
final class SettingsScreen {
    func userPicked(width: Int) {
        GallerySettings.thumbnailWidth.set(width)
    }
}

@concurrent func renderThumbnail(of photo: GalleryPhoto) async -> RenderedThumbnail {
    RenderedThumbnail(photo: photo, width: GallerySettings.thumbnailWidth.value)
}
