import Foundation
import Testing

@testable import LabExercises

/// `lab grade`'s class-report.html as a teacher projects it: a class of four and the lab's 31
/// exercises, one student's folder named `a<b&"c`, loaded in headless Chromium at a desktop's,
/// a projector's and a phone's width.
@Suite(
    "The class report in a headless browser", .serialized,
    .enabled(
        if: HeadlessChromium.path != nil,
        "no headless Chromium found (apt-get install chromium): the class report's browser checks are skipped"))
final class ClassReportPageTests {
    let folder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-class-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    deinit { try? FileManager.default.removeItem(at: folder) }

    static func report() -> ClassReport {
        let exercises = (1...31).map { String(format: "%02d-exercise-%02d", $0, $0) }
        let outcomes: [ClassGrading.Result] = [
            .init(status: .solved, stage: nil, message: nil),
            .init(status: .failed, stage: "checks", message: "got 2, expected 3", identicalTo: "student-01's answer"),
            .init(status: .notStarted, stage: nil, message: nil),
            .init(status: .missing, stage: nil, message: nil),
        ]
        let students = ["a<b&\"c", "student-01", "student-02", "student-03"].enumerated().map { index, name in
            ClassReport.StudentResult(
                name: name, folder: "/class/\(name)",
                results: Dictionary(
                    uniqueKeysWithValues: exercises.enumerated().map { ($1, outcomes[($0 + index) % outcomes.count]) }))
        }
        return ClassReport(generatedAt: Date(timeIntervalSince1970: 0), exercises: exercises, students: students)
    }

    /// The matrix of 31 exercises was 1402 px wide in a page of 1280: its last columns and the
    /// solved count were off the page's right edge, names broke at their hyphen, and a not
    /// started (·, #999) or missing (–, #bbb) answer was grey on white under 3:1.
    @Test func theClassReportFitsEveryWidthAndIsReadable() async throws {
        let html = Self.report().html()
        expectContains(html, "a&lt;b&amp;&quot;c", "the folder's name as text")
        expectNotContains(html, "a<b&\"c", "never as markup")
        let page = folder.appendingPathComponent("class-report.html")
        try Data(html.utf8).write(to: page)
        for load in try await HeadlessChromium.load(page: page, widths: BrowserPageTests.widths) {
            expect(load.consoleLines.isEmpty, "\(load.consoleLines)")
            BrowserPageTests.expectFits(load, page: "class report")
        }
    }
}
