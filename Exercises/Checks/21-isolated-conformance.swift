import LabKit

// Given: compiled into your module (StudentCode) beside your file, in the same mode.
/// A photo's fingerprint. Hashing one is CPU work (20 ms here); it is declared
/// nonisolated, so any code may use it.
nonisolated struct Fingerprint: Hashable, Sendable {
    let seed: UInt64

    static let units = CPUWork.units(for: .milliseconds(20))

    func hash(into hasher: inout Hasher) {
        hasher.combine(CPUWork.run(units: Fingerprint.units, seed: seed))
    }
}

// MARK: - The check
import LabKit
@testable import StudentCode

let plannedExpectations = 3

@MainActor
func runCheck(_ report: CheckReport) async {
    let distinct = CheckServices.random(in: 8...11)
    let seeds = (0..<distinct).map { _ in UInt64(CheckServices.random(in: 1...1_000_000)) }
    var titles: [String] = []
    var photos: [Photo] = []
    for index in 0..<(distinct + 5) {
        let original = index < distinct ? index : CheckServices.random(in: 0...(distinct - 1))
        titles.append("photo \(original)")
        photos.append(Photo(title: "photo \(original)", fingerprint: Fingerprint(seed: seeds[original])))
    }
    var expected: [String] = []
    for title in titles where !expected.contains(title) { expected.append(title) }
    report.waiting("uniquePhotos(_:)")
    var unique: [Photo] = []
    let responsiveness = await Responsiveness.during { unique = await uniquePhotos(photos) }
    let kept = unique.map(\.title)
    report.expect(kept == expected, "the \(photos.count) photos came back as their \(expected.count) distinct ones, in order",
                  otherwise: "expected \(expected.count) distinct photos (\(expected.joined(separator: ", "))), got \(kept.count): \(kept.joined(separator: ", "))")
    report.expect(responsiveness.worstGap < 0.05,
                  "the main actor stayed free: the longest it was held while duplicates were removed was \(responsiveness.worstGapMilliseconds) ms",
                  otherwise: "the UI froze for \(responsiveness.worstGapMilliseconds) ms while duplicates were removed: the hashing ran on the main actor")
    report.expect(responsiveness.beats >= 3, "the main actor was free \(responsiveness.beats) times meanwhile",
                  otherwise: "the main actor was free \(responsiveness.beats) times in \(Int(responsiveness.seconds * 1000)) ms: it was busy with the work")
}
