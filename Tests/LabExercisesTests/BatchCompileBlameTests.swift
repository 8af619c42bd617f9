import Foundation
import Testing

@testable import LabCore
@testable import LabExercises
@testable import LabSourceScan

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
    /// A correct answer that crashes Swift 6.3.1's SIL generation (a key path to a variadic generic
    /// subscript), which the scan accepts.
    static let crasher =
        header + "struct Shelf {\n    subscript<each Item>(_ items: repeat each Item) -> Int { 0 }\n}\n\n"
        + "func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {\n    let path = \\Shelf.[1, \"a\"]\n"
        + "    _ = path\n    return Task { await model.doSomething() }\n}\n"

    @Test func aSourceLocationDirectiveIsRefused() {
        let findings = SourceScanner.findings(in: Self.elsewhere, forbidden: [])
        expectEqual(findings.filter { $0.code == "`#sourceLocation`" }.map(\.line), [3, 7], "\(findings)")
        expect(SourceScanner.findings(in: "let location = \"#sourceLocation\"", forbidden: []).isEmpty)
    }

    /// Graded in one batch between two correct answers, the scan on as in `lab grade`: the directive is refused by the scan, and the crash is the answer's compile verdict
    /// (or, on a compiler that no longer crashes, the answer is graded like any other and passes).
    @Test func eachFailsAloneWithItsOwnVerdict() async throws {
        let (folder, files) = try BatchGradingTests.answers(["elsewhere": Self.elsewhere, "crasher": Self.crasher])
        defer { try? FileManager.default.removeItem(at: folder) }
        let exercise = BatchGradingTests.exercise
        let solution = TestLab.folder(exercise).solution
        let outcomes = await BatchGrading(root: BatchGradingTests.root).grade(
            [solution, files["elsewhere"]!, files["crasher"]!, solution].map {
                BatchGrading.Answer(exercise: exercise, source: $0)
            })
        for good in [0, 3] {
            expect(outcomes[good].passed, "a neighbour's verdict changed: \(outcomes[good].messages)")
        }
        expectEqual(outcomes[1].stage, .forbidden)
        expectContains(outcomes[1].messages.joined(), "#sourceLocation")
        let crash = outcomes[2]
        let said = (crash.messages + [crash.details]).joined(separator: "\n")
        // Another compiler may refuse the subscript with an error of its own instead of crashing, or
        // build it: either way the verdict is the answer's own, never the lab's.
        if !crash.passed {
            expectEqual(crash.stage, .compile, said)
            if said.contains("the Swift compiler crashed") {
                expectContains(said, "the Swift compiler crashed compiling \(exercise.fileName)")
                // Where in the answer, named as the student's file; nothing of the lab's.
                expectContains(crash.details, "\(exercise.fileName):7:1", said)
            }
            for lab in ["the check did not build", ".build-exercises", "Stack dump", "Program arguments"] {
                expectNotContains(said, lab)
            }
        }
    }

    @Test func aCompilersCrashReportIsToldFromItsErrors() {
        let package = "/lab/.build-exercises/batch/runs/B/1"
        let report = """
            Assertion failed: (ty->isLegalSILType()), function SILType at SILType.h:115.
            (to display assertion configuration options: -Xllvm -assert-help)

            Please submit a bug report (https://swift.org/contributing/#reporting-bugs) and include the crash backtrace.
            Stack dump:
            0.\tProgram arguments: /opt/swift/usr/bin/swift-frontend -frontend -c \(package)/Sources/StudentCode/Exercise.swift
            1.\tSwift version 6.3.1 (swift-6.3.1-RELEASE)
            4.\tWhile silgen emitFunction SIL function "@$s11StudentCode12buttonTapped".
             for 'buttonTapped(_:)' (at \(package)/Sources/StudentCode/Exercise.swift:7:1)
             #0 0x0000558b3d278738 llvm::sys::PrintStackTrace(llvm::raw_ostream&, int)
            """
        expect(CompilerCrash.isCrash(report))
        expect(
            !CompilerCrash.isCrash("\(package)/Sources/StudentCode/Exercise.swift:3:1: error: x\nStack dump is a word"))
        let summary = CompilerCrash.summary(report) {
            $0.replacingOccurrences(of: "\(package)/Sources/StudentCode/Exercise.swift:", with: "02.swift:")
        }
        expectEqual(
            summary,
            "Assertion failed: (ty->isLegalSILType()), function SILType at SILType.h:115.\n"
                + "for 'buttonTapped(_:)' (at 02.swift:7:1)")
    }
}
