import Foundation
import LabCore
import Testing

@testable import LabExercises
@testable import LabSourceScan

/// The review reads every answer before anything is compiled, in the grading process itself: a
/// trap there ends `lab check`, and a class's whole `lab grade`, for one student's file. An answer
/// whose last line was a file-scope `let clock = ContinuousClock()` did that (session 55: the
/// statement's closing bracket was the file's last token, and the next one was read). So every
/// exercise's solution is reviewed cut short at each of its lines and at characters through its
/// lines, with single lines left out, and with endings a student's file may have appended; the
/// class report's similarity is read for the same files. The test passes when every review returns.
@Suite("A file cut or ended anywhere is reviewed without a trap")
struct CutAnswerReviewTests {
    /// Last lines a student's file may end with: a statement whose bracket closes the file, a
    /// declaration or a literal left open, an attribute or a directive with nothing after it.
    static let endings = [
        "let clock = ContinuousClock()", "var cache: [String: Int] = [:]", "let f = { }", "let x = [",
        "let y = (", "let s = \"unterminated", "let t = \"\"\"", "let u = \"\\(", "/* unclosed", "@MainActor",
        "@", "#if os(Linux)", "#", "func", "func f(", "func f() {", "extension", "actor A {", "}", "{", "(", "`",
        "let", "var a = 1, b", "case", "let a = b ?", "let r = /re", "nonisolated(unsafe) var n = 0",
        "private let p = Mutex(0)", "let g = Task {", "struct S { let v = [1, 2] }", "enum E { case a(",
        "let m = [1: 2]", "func h() async { await", "let q = a.b?.c!", "typealias T =", "protocol P {",
    ]

    /// The cuts of `source`: `each` evenly spaced of whole lines kept from its start, of
    /// characters kept from its start, and of single lines left out; and the endings appended whose
    /// place in `endings` is `part` in `parts` (each ending on every `parts`-th file).
    static func cuts(of source: String, each: Int, part: Int = 0, parts: Int = 1) -> [String] {
        let lines = source.components(separatedBy: "\n")
        let characters = Array(source)
        func spaced(_ count: Int) -> [Int] {
            (0..<each).map { 1 + $0 * max(count - 1, 1) / each }.filter { $0 < count }
        }
        var cuts = spaced(lines.count).map { lines.prefix($0).joined(separator: "\n") }
        cuts += spaced(characters.count).map { String(characters.prefix($0)) }
        cuts += spaced(lines.count).map { left in (lines[..<left] + lines[(left + 1)...]).joined(separator: "\n") }
        cuts += endings.indices.filter { $0 % parts == part % parts }.map { source + "\n" + endings[$0] }
        return cuts
    }

    @Test(arguments: TestLab.exercises.map(\.id))
    func everyCutOfTheSolutionIsReviewed(id: String) throws {
        let exercise = try #require(TestLab.exercises.first { $0.id == id })
        let grader = Grader(root: TestLab.root, exercise: exercise)
        let names = grader.reviewNames(sources: try grader.checkSources())
        let solution = try String(contentsOf: TestLab.folder(exercise).solution, encoding: .utf8)
        // Two of each kind per solution, and each ending on every fourth: 473 reviews (the suite's
        // process took 5.7 s of CPU for them in a debug build, 20.9 s for the 1,891 it first had). Every line and every 7th character of
        // each solution (6,264 cuts), and 40 of each kind for every starter and alternative with
        // every ending (45,216 cuts of 288 files), found no other trap (session 55).
        let index = try #require(TestLab.exercises.firstIndex { $0.id == id })
        let cuts = Self.cuts(of: solution, each: 2, part: index, parts: 4)
        var reviewed = 0
        for cut in cuts {
            _ = grader.review(cut, names: names)
            reviewed += 1
        }
        #expect(reviewed == cuts.count)
        // The class report reads every answer too (`lab grade`'s similarity).
        let answers = Dictionary(
            uniqueKeysWithValues: cuts.prefix(200).enumerated().map { ("s\($0.offset)", $0.element) })
        _ = AnswerSimilarity.matches(answers: answers, solution: solution)
    }

    /// Nesting past the compiler's limit, in each shape the scan follows with calls of its own:
    /// refused with one finding, on a worker thread's stack (`WorkerThreads.stackSize`, what a
    /// batch reviews on), where thousands of levels ended the grader before.
    static let tooDeep: [String: String] = [
        "3,000 nested do blocks": "func deep() {" + String(repeating: "do {", count: 3000)
            + String(repeating: "}", count: 3001),
        "7,000 nested closures": "let deep = " + String(repeating: "{ ", count: 7000)
            + String(repeating: "}", count: 7000),
        "14,000 nested parentheses": "let deep = " + String(repeating: "(", count: 14000) + "1"
            + String(repeating: ")", count: 14000),
        "20,000 brackets left open": "let deep = " + String(repeating: "[", count: 20000),
        "4,000 nested interpolations": "let s = " + String(repeating: "\"\\(", count: 4000) + "1"
            + String(repeating: ")\"", count: 4000),
    ]

    @Test(arguments: tooDeep.keys.sorted())
    func nestingPastTheCompilersLimitIsRefusedAlone(shape: String) throws {
        let source = try #require(Self.tooDeep[shape])
        let exercise = try #require(TestLab.exercises.first)
        let grader = Grader(root: TestLab.root, exercise: exercise)
        let names = grader.reviewNames(sources: try grader.checkSources())
        let found = Locked<[SourceScanner.Finding]>([])
        WorkerThreads.parallel(1, workers: 1) { _ in found.withLock { $0 = grader.review(source, names: names) } }
        let findings = found.withLock { $0 }
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.reason.contains("nested more than") == true, "\(findings)")
    }

    /// Up to the compiler's limit nothing is refused for its depth, and the scan's readings follow
    /// every level on a worker's stack.
    @Test func nestingTheCompilerAcceptsIsReadWhole() throws {
        let exercise = try #require(TestLab.exercises.first)
        let grader = Grader(root: TestLab.root, exercise: exercise)
        let names = grader.reviewNames(sources: try grader.checkSources())
        let braces =
            "func deep() {" + String(repeating: "do {", count: NestingDepth.deepest - 1)
            + String(repeating: "}", count: NestingDepth.deepest)
        let interpolations =
            "let s = " + String(repeating: "\"\\(", count: SwiftTokenizer.deepestInterpolation)
            + "1" + String(repeating: ")\"", count: SwiftTokenizer.deepestInterpolation)
        for source in [braces, interpolations] {
            let found = Locked<[SourceScanner.Finding]>([])
            WorkerThreads.parallel(1, workers: 1) { _ in found.withLock { $0 = grader.review(source, names: names) } }
            let findings = found.withLock { $0 }
            #expect(!findings.contains { $0.reason.contains("nested more than") }, "\(findings)")
        }
    }
}
