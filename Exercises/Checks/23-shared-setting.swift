import LabKit

// Given: compiled into your module (StudentCode) beside your file, in the same mode.
/// A photo in the gallery.
nonisolated struct GalleryPhoto: Sendable, Equatable {
    let title: String
    let seed: UInt64
}

/// A thumbnail rendered at a width: rendering one is CPU work (60 ms here).
nonisolated struct RenderedThumbnail: Sendable, Equatable {
    let title: String
    let width: Int
    let checksum: UInt64

    static let units = CPUWork.units(for: .milliseconds(60))

    init(photo: GalleryPhoto, width: Int) {
        title = photo.title
        self.width = width
        checksum = CPUWork.run(units: RenderedThumbnail.units, seed: photo.seed &+ UInt64(width))
    }
}

// MARK: - The check
import LabKit
@testable import StudentCode

let plannedExpectations = 4

@MainActor
func runCheck(_ report: CheckReport) async {
    let photos = (0..<CheckServices.random(in: 3...4)).map { GalleryPhoto(title: "photo \($0)", seed: UInt64(CheckServices.random(in: 1...1_000_000))) }
    let first = CheckServices.random(in: 60...240)
    let second = first + CheckServices.random(in: 1...200)
    let screen = SettingsScreen()
    var before: [RenderedThumbnail] = []
    var after: [RenderedThumbnail] = []
    report.waiting("renderThumbnail(of:), awaited from the main actor as a view does")
    let responsiveness = await Responsiveness.during {
        screen.userPicked(width: first)
        for photo in photos { before.append(await renderThumbnail(of: photo)) }
        screen.userPicked(width: second)
        for photo in photos { after.append(await renderThumbnail(of: photo)) }
    }
    report.expect(before.map(\.width) == Array(repeating: first, count: photos.count),
                  "after the user picked \(first) px, every thumbnail was rendered \(first) px wide",
                  otherwise: "the user picked \(first) px, but the thumbnails were \(before.map { "\($0.width)" }.joined(separator: ", ")) px wide")
    report.expect(after.map(\.width) == Array(repeating: second, count: photos.count),
                  "after the user picked \(second) px, every thumbnail was rendered \(second) px wide",
                  otherwise: "the user then picked \(second) px, but the thumbnails were \(after.map { "\($0.width)" }.joined(separator: ", ")) px wide")
    report.expect(responsiveness.worstGap < 0.05,
                  "the main actor stayed free: the longest it was held while rendering was \(responsiveness.worstGapMilliseconds) ms",
                  otherwise: "the UI froze for \(responsiveness.worstGapMilliseconds) ms while thumbnails rendered: the rendering ran on the main actor")
    report.expect(responsiveness.beats >= 3, "the main actor was free \(responsiveness.beats) times meanwhile",
                  otherwise: "the main actor was free \(responsiveness.beats) times in \(Int(responsiveness.seconds * 1000)) ms: it was busy rendering")
}
