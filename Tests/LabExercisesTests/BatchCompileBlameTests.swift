import Foundation
import Testing

@testable import LabCore
@testable import LabExercises

/// Issue 28's promise that a broken answer fails alone, with its own diagnostics: an answer can
/// make its compile fail in a way the grader took for the lab's own failure, which it reported as
/// "the check did not build" (the lab's folders and the compiler's stack shown) after taking the
/// batches' lock exclusive to build the shared library again (helper 125's audit).
@Suite("A batch blames an answer's compile failure on the answer")
struct BatchCompileBlameTests {
    static let header = "import LabCore\n\n"
    /// A compile error the compiler reports in a system header's name.
    static let elsewhere =
        header + "#sourceLocation(file: \"/usr/include/stdio.h\", line: 1)\n"
        + "func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {\n    Task { await model.doSomething() } + 1\n}\n"
        + "#sourceLocation()\n"
    @Test func aSourceLocationDirectiveIsRefused() {
        let findings = SourceScanner.findings(in: Self.elsewhere, forbidden: [])
        expectEqual(findings.filter { $0.code == "`#sourceLocation`" }.map(\.line), [3, 7], "\(findings)")
        expect(SourceScanner.findings(in: "let location = \"#sourceLocation\"", forbidden: []).isEmpty)
    }

    /// Graded in one batch between two correct answers, the scan on as in `lab grade`: the directive
    /// is refused by the scan, and the neighbours pass.
    @Test func eachFailsAloneWithItsOwnVerdict() async throws {
        let (folder, files) = try BatchGradingTests.answers(["elsewhere": Self.elsewhere])
        defer { try? FileManager.default.removeItem(at: folder) }
        let exercise = BatchGradingTests.exercise
        let solution = TestLab.folder(exercise).solution
        let outcomes = await BatchGrading(root: BatchGradingTests.root).grade(
            [solution, files["elsewhere"]!, solution].map {
                BatchGrading.Answer(exercise: exercise, source: $0)
            })
        for good in [0, 2] {
            expect(outcomes[good].passed, "a neighbour's verdict changed: \(outcomes[good].messages)")
        }
        expectEqual(outcomes[1].stage, .forbidden)
        expectContains(outcomes[1].messages.joined(), "#sourceLocation")
    }
}
