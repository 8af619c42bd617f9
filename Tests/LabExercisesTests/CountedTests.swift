import Foundation
import LabSourceScan
import Testing

@testable import LabExercises

/// The checks' plural helper (`Exercises/Support/CheckSupport/Counted.swift`, compiled into this
/// target through a link): a check said "the UI froze 1 times" and "the UI drew 1 frames".
@Suite("A check's counts agree with their nouns")
struct CountedTests {
    @Test func oneIsSingularAndEveryOtherCountPlural() {
        expectEqual(counted(1, "frame"), "1 frame")
        expectEqual(counted(0, "frame"), "0 frames")
        expectEqual(counted(2, "frame"), "2 frames")
        expectEqual(counted(-1, "frame"), "-1 frames")
        expectEqual(counted(1, "child", plural: "children"), "1 child")
        expectEqual(counted(3, "child", plural: "children"), "3 children")
    }

    @Test func theVerbAgreesWithTheCount() {
        expectEqual("\(counted(1, "request")) \(were(1))", "1 request was")
        expectEqual("\(counted(0, "request")) \(were(0))", "0 requests were")
        expectEqual("\(counted(2, "request")) \(were(2))", "2 requests were")
    }

    /// Where a check writes the helper's names (12's calls both), an answer may not declare them at
    /// file scope, where they would join the check's lookups and could change its sentences. (16's
    /// check, once used here, calls `counted` but says "were" only in its messages, and the support's
    /// own names are no longer reserved: `FileScopeNamesTests`.)
    @Test func anAnswerCannotShadowTheHelper() throws {
        let exercise = try unwrap(TestLab.catalog.exercise(named: "12"))
        let grader = Grader(root: TestLab.root, exercise: exercise)
        let solution = try String(contentsOf: TestLab.folder(exercise).solution, encoding: .utf8)
        expect(grader.review(solution).isEmpty, "the solution of 12 passes the scan")
        for name in ["counted", "were"] {
            let own = "\nfunc \(name)(_ count: Int, _ noun: String = \"\") -> String { \"\" }\n"
            let findings = grader.review(solution + own)
            expect(findings.contains { $0.code.contains("\(name)") }, "\(name): \(findings)")
        }
    }
}
