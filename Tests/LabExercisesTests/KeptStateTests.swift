import Foundation
import Testing

@testable import LabExercises
@testable import LabSourceScan

/// An audit's answers counted the check's calls in state kept at file scope (a `Mutex`, an actor)
/// and did the right thing only where each measure looked, in eight exercises.
@Suite("An answer keeps no state between the check's calls")
struct KeptStateTests {
    func kept(_ source: String, allowed: Set<String> = []) -> [String] {
        SourceScanner.findings(in: source, forbidden: [], keptState: allowed).map(\.code)
    }

    @Test(arguments: [
        ("import Synchronization\nlet counter = Mutex(0)", "`let counter`"),
        ("actor Calls { var n = 0 }\nlet calls = Calls()", "`let calls`"),
        ("@MainActor var calls = 0", "`var calls`"),
        ("struct S { static let seen = Atomic(0) }", "`static let seen`"),
        ("enum E { @MainActor static var last: Int? }", "`static var last`"),
        ("let a = 1, b = Mutex(0)", "`let b`"),
        ("let (s, c) = AsyncStream.makeStream(of: Int.self)", "`let s`"),
        ("let setUp: Int = { 0 }()", "`let setUp`"),
        ("final class Box { nonisolated(unsafe) static var n = 0 }", "`static var n`"),
        ("let counter = makeCounter()", "`let counter`"),
        ("struct Box {}\nlet box = Box()", "`let box`"),
        ("let queue = DispatchQueue(label: \"calls\")", "`let queue`"),
        ("let defaults = UserDefaults.standard", "`let defaults`"),
        ("let held = (counter: Calls(), limit: 3)", "`let held`"),
        // A review's: the type named only where it is written, in generic arguments, or a line above.
        ("import Synchronization\nlet tally: Mutex<Int> = .init(0)", "`let tally`"),
        ("final class Counter {}\nenum S { static let shared: Counter = .init() }", "`static let shared`"),
        ("final class Counter {}\nlet boxes = Array<Counter>(repeating: .init(), count: 1)", "`let boxes`"),
        ("final class Counter {}\nlet one = Optional<Counter>.some(.init())", "`let one`"),
        ("enum Store {\n    @MainActor static\n    var count = 0\n}", "`static var count`"),
    ])
    func storedStateIsRefused(source: String, code: String) {
        expectEqual(kept(source), [code], "\(source)")
    }

    @Test(arguments: [
        "let limit = 3",
        "let pause: Duration = .milliseconds(5)",
        "let names = [\"a\", \"b\"], ready = true, nothing: Int? = nil",
        "var computed: Int { 3 }",
        "import Synchronization\nfinal class Model: Sendable { let count = Mutex(0) }",
        "func f() { let m = [1, 2]; var n = 0; n += m.count }",
        "struct S { static var shared: Int { 1 }\n static let scale = 0.04 }",
        "actor Store { var items: [Int] = []; static func make() -> Store { Store() } }",
        // Constants of plain values, however written (a second audit's false refusals).
        "let emptyCounts = Dictionary<String, Int>()",
        "let bounds = (low: 1, high: 2)",
        "let pair = (1, 2) as (Int, Int)",
        "let waitRange = ClosedRange<Double>(uncheckedBounds: (4.5, 5.5)), label = \"wait\"",
        "let outcome = Result<Int, Never>.success(1)",
        "let sizes = Set<Int>([1, 2]), names = [\"a\"]",
        // A clock holds nothing between calls (an audit's refused answer to 01).
        "private let clock = ContinuousClock()",
        "let clock: SuspendingClock = .init()",
    ])
    func constantsAndTheAnswersOwnValuesAreAccepted(source: String) {
        expect(kept(source).isEmpty, "\(source): \(kept(source))")
    }

    /// A global actor of the answer's own needs its `shared` instance (an audit's 12 was refused for
    /// it), and keeps nothing in it while the actor stores nothing itself.
    @Test(arguments: [
        "@globalActor actor Downloads { static let shared = Downloads() }",
        "@globalActor\npublic actor Downloads: GlobalActor {\n    static let shared: Downloads = .init()\n    private init() {}\n}",
        "@globalActor final actor Downloads { static let shared = Downloads.init()\n    var name: String { \"d\" }\n    func log() { let n = 1; _ = n } }",
    ])
    func aGlobalActorsOwnInstanceIsAccepted(source: String) {
        expect(kept(source).isEmpty, "\(source): \(kept(source))")
    }

    @Test(arguments: [
        "@globalActor actor Downloads { static let shared = Downloads(); var calls = 0 }",
        "@globalActor actor Downloads { static let shared = Downloads(); let seen = Mutex(0) }",
        "@globalActor actor Downloads { static let shared = Downloads(start: 3); init(start: Int) {} }",
        "actor Downloads { static let shared = Downloads() }",
        "@globalActor actor Downloads { static let shared = Other() }",
        "@globalActor actor Downloads { static let shared = Downloads()\n    var calls: Int? }",
        // Observers make a stored property, not a computed one (an audit's kept a drinks log so).
        "@globalActor actor Downloads { static let shared = Downloads()\n    private var log: [Int] { didSet { } }\n    init() { log = [] } }",
        "@globalActor actor Downloads { static let shared = Downloads()\n    var log: [Int] { willSet { } } }",
    ])
    func aGlobalActorThatStoresStateIsRefused(source: String) {
        expectEqual(kept(source), ["`static let shared`"], "\(source): \(kept(source))")
    }

    /// Exercise 23 is about a shared setting: its starting file declares it, so it may be kept.
    @Test func whatTheStartingFileDeclaresMayBeKept() {
        let source = "enum Settings { @MainActor static var thumbnailWidth = 120 }"
        expect(kept(source, allowed: ["thumbnailWidth"]).isEmpty)
        expectEqual(kept(source), ["`static var thumbnailWidth`"])
    }

    /// Only a catalogued answer that stands in for a stalled machine may count its calls.
    @Test func onlyACataloguedStallMayCountItsCalls() throws {
        let exercise = try unwrap(TestLab.catalog.exercise(named: "01"))
        let answers = KnownAnswer.all(for: exercise, root: TestLab.root).answers
        let stall = try unwrap(answers.first { $0.file.lastPathComponent == "late-fifth-call.swift" })
        expect(stall.keepsState)
        // And the first call that ends late in one wait, as a stalled machine would end it. (Calls
        // at once all late together stand in for no stall now: the check's own sleep beside them
        // tells a stalled machine from calls that waited longer.)
        expectEqual(
            answers.filter(\.keepsState).map(\.file.lastPathComponent).sorted(),
            ["first-call-stalled.swift", "late-fifth-call.swift"])
        let grader = Grader(root: TestLab.root, exercise: exercise)
        let text = try String(contentsOf: stall.file, encoding: .utf8)
        try expect(grader.review(text, sources: try grader.checkSources(), keepsState: true).isEmpty)
        expectEqual(grader.review(text).map(\.code), ["`let callCounter`"])
    }

    /// The process-wide stores a counter could hide in instead are refused in every exercise.
    @Test(arguments: ["UserDefaults", "NotificationCenter", "URLCache", "HTTPCookieStorage", "NSCache"])
    func processWideStoresAreRefused(name: String) {
        let source = "func f() { _ = \(name).self }"
        expectEqual(SourceScanner.violations(in: source, forbidden: ForbiddenPattern.standard).map(\.text), [name])
    }

    /// What a starting file lets its answer keep: its file-scope and static stored names, not its
    /// locals (a local `result` allowed any `static let result` before, a review's find).
    @Test func onlyTheStartingFilesStoredNamesAreAllowed() {
        let starter = "func f() -> Int { let result = 1; return result }\nenum Settings { static var width = 120 }"
        expectEqual(KeptState.storedNames(SwiftTokenizer.tokens(of: starter)), ["width"])
    }

    /// A binding the scan cannot read to its end is refused, not read in part (and read fast).
    @Test func aDeclarationTooLongToReadIsRefused() {
        let long =
            "let a = 1" + String(repeating: " +\n1", count: FileScopeNames.longestBinding) + ", processCPUSeconds = 0"
        let findings = SourceScanner.findings(in: long, forbidden: [])
        expect(findings.contains { $0.reason.contains("past what the lab's scan reads") }, "\(findings)")
    }
}
