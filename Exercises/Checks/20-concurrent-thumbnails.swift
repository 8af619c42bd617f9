import LabKit

// Given: compiled into your module (StudentCode) beside your file, in the same mode.
/// A photo that arrived from the server.
struct GalleryPhoto: Sendable, Equatable {
    let title: String
    let seed: UInt64
}

/// A thumbnail: making one is CPU work (60 ms here).
struct Thumbnail: Sendable, Equatable {
    let title: String
    let checksum: UInt64

    static let units = CPUWork.units(for: .milliseconds(60))

    init(photo: GalleryPhoto) {
        title = photo.title
        checksum = CPUWork.run(units: Thumbnail.units, seed: photo.seed)
    }
}

// MARK: - The check
import LabKit
@testable import StudentCode

let plannedExpectations = 3

@MainActor
func runCheck(_ report: CheckReport) async {
    let count = CheckServices.random(in: 5...7)
    let photos = (0..<count).map { GalleryPhoto(title: "photo \($0)", seed: UInt64(CheckServices.random(in: 1...1_000_000))) }
    let model = GalleryModel()
    report.waiting("photosArrived(_:)")
    let responsiveness = await Responsiveness.during { await model.photosArrived(photos) }
    let expected = photos.map { (title: $0.title, checksum: CPUWork.run(units: Thumbnail.units, seed: $0.seed)) }
    let made = model.thumbnails.map { (title: $0.title, checksum: $0.checksum) }
    report.expect(made.count == expected.count && zip(made, expected).allSatisfy { $0 == $1 },
                  "all \(count) thumbnails were made, in order",
                  otherwise: "the model holds \(made.count) thumbnails, not the \(count) the photos make (or not in their order)")
    report.expect(responsiveness.worstGap < 0.05,
                  "the main actor stayed free: the longest it was held while thumbnails were made was \(responsiveness.worstGapMilliseconds) ms",
                  otherwise: "the UI froze for \(responsiveness.worstGapMilliseconds) ms while thumbnails were made: the work ran on the main actor")
    report.expect(responsiveness.beats >= 3, "the main actor was free \(responsiveness.beats) times meanwhile",
                  otherwise: "the main actor was free \(responsiveness.beats) times in \(Int(responsiveness.seconds * 1000)) ms: it was busy with the work")
}
