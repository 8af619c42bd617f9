import Foundation
import Testing

@testable import LabExercises

@Suite("Unified diffs: a known mistake is a small change to the solution")
struct UnifiedDiffTests {
    let solution = (1...12).map { "line \($0)" }.joined(separator: "\n") + "\n"

    func diff(_ body: String) -> String { "--- solution.swift\n+++ mistake.swift\n" + body }

    @Test func aHunkReplacesItsLines() throws {
        let patch = try UnifiedDiff(parsing: diff("@@ -4,3 +4,3 @@\n line 4\n-line 5\n+line five\n line 6\n"))
        let result = try patch.apply(to: solution)
        expectEqual(result, solution.replacingOccurrences(of: "line 5\n", with: "line five\n"))
    }

    @Test func hunksStillFitWhenTheSolutionGainedLinesAbove() throws {
        let patch = try UnifiedDiff(
            parsing: diff(
                "@@ -4,3 +4,3 @@\n line 4\n-line 5\n+line five\n line 6\n@@ -10,2 +10,1 @@\n line 10\n-line 11\n"))
        let moved = "// a comment added to the solution\n// and another\n" + solution
        let result = try patch.apply(to: moved)
        expectContains(result, "line 4\nline five\nline 6")
        expectNotContains(result, "line 11")
        expect(result.hasPrefix("// a comment added"))
    }

    @Test func aHunkWhoseLinesAreGoneIsRefusedByNumber() throws {
        let patch = try UnifiedDiff(
            parsing: diff("@@ -4,3 +4,3 @@\n line 4\n-line 5\n+x\n line 6\n@@ -9,1 +9,1 @@\n-line 9\n+y\n"))
        let changed = solution.replacingOccurrences(of: "line 9\n", with: "line nine\n")
        #expect(throws: UnifiedDiff.Failure.self) { try patch.apply(to: changed) }
        do {
            _ = try patch.apply(to: changed)
        } catch {
            expectContains("\(error)", "hunk 2 of 2 (line 9)", "\(error)")
            expectContains("\(error)", "'line 9'", "\(error)")
        }
    }

    @Test func hunksApplyInOrderEvenWhenTheSameLinesRepeat() throws {
        let text = "}\n}\n}\n"
        let patch = try UnifiedDiff(
            parsing: diff("@@ -2,1 +2,1 @@\n-}\n+} // second\n@@ -3,1 +3,1 @@\n-}\n+} // third\n"))
        try expectEqual(patch.apply(to: text), "}\n} // second\n} // third\n")
    }

    @Test func theEndOfTheFileFollowsTheNoNewlineMark() throws {
        let patch = try UnifiedDiff(parsing: diff("@@ -12,1 +12,1 @@\n-line 12\n+last\n\\ No newline at end of file\n"))
        try expect(try patch.apply(to: solution).hasSuffix("line 11\nlast"))
        let plain = try UnifiedDiff(parsing: diff("@@ -12,1 +12,1 @@\n-line 12\n+last\n"))
        try expect(try plain.apply(to: solution).hasSuffix("line 11\nlast\n"))
    }

    @Test func anInsertionWithoutContextGoesWhereItSays() throws {
        let patch = try UnifiedDiff(parsing: diff("@@ -0,0 +1,1 @@\n+// first\n"))
        try expect(try patch.apply(to: solution).hasPrefix("// first\nline 1\n"))
    }

    @Test(
        arguments: [
            ("no header", "@@ -1 +1 @@\n-a\n+b\n", "no '--- old'"),
            ("bad hunk", "--- a\n+++ b\n@@ one two @@\n", "hunk header"),
            ("cut short", "--- a\n+++ b\n@@ -1,3 +1,3 @@\n a\n", "cut short"),
            ("stray line", "--- a\n+++ b\n@@ -1,2 +1,2 @@\n a\n*b\n", "must start with"),
            ("nothing", "--- a\n+++ b\n", "changes nothing"),
        ] as [(String, String, String)])
    func aBrokenDiffIsRefusedInWords(name: String, text: String, words: String) {
        #expect {
            _ = try UnifiedDiff(parsing: text)
        } throws: { error in
            "\(error)".contains(words)
        }
    }

    @Test func aMistakeSaysWhatItIsAndWhatTheGraderMustSay() throws {
        let mistake = try KnownMistake(
            name: "m",
            text: "mistake: reads, then writes,\n  without a transaction\nexpect: lost between connections\n"
                + diff("@@ -1,1 +1,1 @@\n-line 1\n+one\n"))
        expectEqual(mistake.summary, "reads, then writes, without a transaction")
        expectEqual(mistake.expectedMessage, "lost between connections")
        for broken in [
            "expect: x\n", "mistake: x\n", "mistake: x\nexpect: y\nnote: z\n", "mistake: x\nexpect: y\nfree text\n",
        ] {
            #expect(throws: UnifiedDiff.Failure.self, "\(broken)") {
                try KnownMistake(name: "m", text: broken + diff("@@ -1,1 +1,1 @@\n-line 1\n+one\n"))
            }
        }
    }

    /// A mistake caught only where the check can watch the pool says so; elsewhere it is not
    /// judged (an answer that passes there is no wrong verdict), and everywhere else it is.
    @Test func aMistakeCaughtOnSomePlatformsIsJudgedOnlyThere() throws {
        let text = diff("@@ -1,1 +1,1 @@\n-line 1\n+one\n")
        let some = try KnownMistake(name: "m", text: "mistake: polls\nexpect: woken\nplatforms: linux, macOS\n" + text)
        expectEqual(some.platforms, ["linux", "macOS"])
        try expectEqual(KnownMistake(name: "m", text: "mistake: polls\nexpect: woken\n" + text).platforms, nil)
        let exercise = try unwrap(TestLab.catalog.exercise(named: "24"))
        let file = URL(fileURLWithPath: "/dev/null")
        var elsewhere = KnownAnswer(
            role: .mistake, file: file, origin: file, summary: "polls", expectedMessage: "woken")
        let passed = CheckOutcome(stage: .passed, messages: ["Solved."], details: "")
        expectEqual(elsewhere.problem(with: passed, exercise: exercise), "accepted as solved")
        elsewhere.judgedHere = false
        expectEqual(elsewhere.problem(with: passed, exercise: exercise), nil)
    }

    /// A starting file refused for something other than its behaviour is named with what it was
    /// told (once in a helper's one-CPU run, 28's starting file was "forbidden", and why was lost).
    @Test func aStartingFileRefusedOtherwiseSaysWhatItWasTold() throws {
        let exercise = try unwrap(TestLab.catalog.exercise(named: "28"))
        let file = URL(fileURLWithPath: "/dev/null")
        let original = KnownAnswer(
            role: .original, file: file, origin: file, summary: "the starting file", expectedMessage: nil)
        let refused = CheckOutcome(stage: .forbidden, messages: ["refused: something else"], details: "")
        expectEqual(
            original.problem(with: refused, exercise: exercise),
            "fails only by forbidden, not by its behaviour check: refused: something else")
        let stopped = CheckOutcome(stage: .timeout, messages: ["did not finish"], details: "")
        expectEqual(original.problem(with: stopped, exercise: exercise), nil)
    }
}
