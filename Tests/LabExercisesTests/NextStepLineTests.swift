import Foundation
import Testing

@testable import LabExercises

/// What `lab check` and `lab watch` say after a check: wrapped to the terminal (a line longer than
/// a 120-column tmux pane broke "swift run lab" over two lines mid-word), and true of the command
/// (`lab watch` checks the next exercise's file on save by itself: no `lab check` to run).
@Suite struct NextStepLineTests {
    let path = "/home/student/concurrency-lab-work/01-suspend-not-block/01-suspend-not-block.swift"

    func expectWrapped(_ text: String, width: Int) {
        for line in text.split(separator: "\n") {
            let longestWord = line.split(separator: " ").map(\.count).max() ?? 0
            expectAtMost(line.count, max(width, longestWord + 2), "\(line)")
            expect(line.hasPrefix("  "), "every line indented as the check's lines are: \(line)")
        }
    }

    @Test(arguments: [false, true])
    func thePassedLineNamesTheNextExerciseAndHowItIsChecked(watching: Bool) {
        let line = LabExercises.ExerciseCommands.solvedLine(
            next: "01-suspend-not-block — Suspend, don't block", path: path, watching: watching, width: 60)
        expect(line.hasPrefix("  ✔ Solved. Next: 01-suspend-not-block"), "\(line)")
        expectWrapped(line, width: 60)
        let said = line.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        if watching {
            expectContains(said, "save it: it is checked then")
            expectNotContains(said, "lab check")
        } else {
            expectContains(said, "then `swift run lab check`")
        }
    }

    @Test(arguments: [false, true])
    func theFailedLineIsWrappedWithTheHintWhole(watching: Bool) {
        let line = LabExercises.ExerciseCommands.againLine(path: path, number: "01", watching: watching, width: 60)
        expectWrapped(line, width: 60)
        let said = line.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        expectContains(said, "Stuck? `swift run lab hint 01`.")
        expectContains(said, watching ? "it is checked again" : "or run `swift run lab watch`")
    }

    /// A verdict from the grader's second run says so: with the first run's words where the second
    /// passed, and once where both were refused (the verdict below says why), wrapped.
    @Test(arguments: [false, true])
    func aSecondRunsVerdictSaysSo(passed: Bool) {
        let first = "a request for a day already downloading returned 420 ms after that download ended"
        let line = LabExercises.ExerciseCommands.secondRunLine(firstLate: first, secondPassed: passed, width: 60)
        expectWrapped(line, width: 60)
        let said = line.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        expect(said.hasPrefix("note: the check ran twice"), "\(said)")
        expectEqual(said.contains(first), passed, "\(said)")
        expectContains(said, passed ? "the second run passed" : "both runs were refused")
    }
}
