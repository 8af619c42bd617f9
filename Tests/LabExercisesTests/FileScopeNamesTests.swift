import Foundation
import LabConsole
import Testing

@testable import LabExercises
@testable import LabSourceScan

/// An audit made checks pass with names the scan did not read: the second name of a `let`
/// list or a tuple pattern, an extension of `[T]` or of an alias nested in the answer's own
/// type, and a main actor held by `DispatchQueue.sync`. Every name a file-scope declaration
/// makes is now read, and only the answer's own types may be extended, however spelled.
@Suite("Every name a file-scope declaration makes is read")
struct FileScopeNamesTests {
    func declared(_ source: String) -> [String] {
        SourceScanner.topLevelDeclarations(in: SwiftTokenizer.tokens(of: source)).map(\.name)
    }

    @Test(arguments: [
        "let labNote = 0, processCPUSeconds: @Sendable () -> Double = { 0 }",
        "let (processCPUSeconds, labNote): (@Sendable () -> Double, Int) = ({ 0 }, 0)",
        "let (a: x, b: processCPUSeconds) = (a: 1, b: 2)",
        "var a = 1,\n    processCPUSeconds = 2",
        "let a = [1, 2]\n    , processCPUSeconds = 2",
        "let a: Dictionary<String, Int> = [:], processCPUSeconds = 1",
        "let a: [String: (Int, Int)] = [:], processCPUSeconds = 1",
        "let f: (Int) -> Int = { $0 }, processCPUSeconds = 1",
        "let a = f(x, y), processCPUSeconds = 1",
        "let a = b <\n    c, processCPUSeconds = 1",
        "let a = x\n    as Int, processCPUSeconds = 1",
        "let a = try\n    f(), processCPUSeconds = 1",
        "let a = `func`, processCPUSeconds = 1",
        "let a = B<C, processCPUSeconds = D>E",
        "nonisolated(unsafe) var a = 0, processCPUSeconds = 0",
        "let ready = true ? false : 2 < 3, processCPUSeconds: @Sendable () -> Double = { 0 }",
        "let a = Array<Int>(), processCPUSeconds = 1",
        "let a = B < C, processCPUSeconds: D > (x)",
    ])
    func everyNameALetOrAVarBindsIsDeclared(source: String) {
        expect(declared(source).contains("processCPUSeconds"), "\(source): \(declared(source))")
        let findings = SourceScanner.findings(in: source, forbidden: [], reservedNames: ["processCPUSeconds"])
        expect(findings.contains { $0.code.hasSuffix(" processCPUSeconds`") }, "\(source): \(findings)")
    }

    /// Commas that are not a `let`'s: a type's generic arguments, a type's conformances after
    /// the declaration ended, a generic function's parameters.
    @Test(arguments: [
        "let a: Dictionary<String, Int> = [:]\nstruct S: Equatable, Hashable {}",
        "let f: (Int) -> Int = { $0 }\nenum E: Int, CaseIterable { case a }",
        "var x: Int { 1 }\nfunc f<A, Hashable>(_ a: A) {}",
        "let a = 1; struct S: Equatable, Hashable {}",
        "let a: Int? = nil\nstruct S: Equatable, Hashable {}",
        "let a: Array<Dictionary<Int, Int>> = []\nstruct S: Equatable, Hashable {}",
        "let a = [1: 2]\n@MainActor final class C: Equatable, Hashable {}",
        "let (a, b) = (1, 2)\nstruct S: Equatable, Hashable {}",
        "let counts = Dictionary<String, Int>()",
        "let pairs = Array<(Int, Int)>.init(), sizes = Set<Int>()",
    ])
    func aCommaAfterTheDeclarationIsNotAnotherName(source: String) {
        expect(!declared(source).contains("Hashable"), "\(source): \(declared(source))")
        expect(!declared(source).contains("Int"), "\(source): \(declared(source))")
    }

    @Test(arguments: [
        ("extension [(finished: Int, started: Int)] {}", "`extension [(finished: Int, started: Int)]`"),
        ("extension [String: Int] {}", "`extension [String: Int]`"),
        ("enum Numbers { typealias Whole = Int }\nextension Numbers.Whole {}", "`extension Numbers.Whole`"),
        ("struct Box { struct Inner {}\n typealias Inner2 = Int }\nextension Box.Inner2 {}", "`extension Box.Inner2`"),
        ("protocol Shape { associatedtype Whole }\nextension Shape.Whole {}", "`extension Shape.Whole`"),
        ("typealias Many<T> = Array<T>\nextension Many {}", "`extension Many`"),
        ("struct Mine {}\nextension Optional<Mine> {}", "`extension Optional`"),
        ("struct Mine {}\nextension Mine? {}", "`extension Mine?`"),
        ("struct Mine {}\nextension Swift.Int {}", "`extension Swift.Int`"),
        (
            "enum Layout { typealias Grid = Int }\nstruct Album { struct Grid {} }\nextension Layout.Grid {}",
            "`extension Layout.Grid`"
        ),
    ])
    func onlyTheAnswersOwnTypesMayBeExtendedHoweverSpelled(source: String, code: String) {
        let findings = SourceScanner.findings(in: source, forbidden: [])
        expectEqual(findings.map(\.code), [code], "\(source): \(findings)")
    }

    @Test(arguments: [
        "struct Outer { struct Inner {} }\nextension Outer.Inner {}",
        "struct Box<T> {}\nextension Box<Int> {}",
        "protocol Shape {}\nextension Shape where Self: Sendable {}",
        "actor Store {}\nextension Store: CustomStringConvertible { nonisolated var description: String { \"\" } }",
        // A nested type of the same last name as an alias elsewhere is still the answer's own.
        "struct Photo { typealias ID = Int }\nstruct Album { struct ID {} }\nextension Album.ID {}",
        "protocol Store { associatedtype Item }\nstruct Shelf { struct Item {} }\nextension Shelf.Item: Equatable {}",
        "enum Layout { struct Grid {} }\ntypealias Grid = Layout.Grid\nextension Grid {}",
        "struct Batch {}\nextension Batch { struct Item {} }\nextension Batch.Item {}",
    ])
    func theAnswersOwnTypesMayBeExtended(source: String) {
        expect(SourceScanner.findings(in: source, forbidden: []).isEmpty, "\(source)")
    }

    @Test(arguments: [
        ("func f() { DispatchQueue.global().sync { } }", ".sync"),
        ("func f(q: DispatchQueue) { q.sync(execute: { }) }", ".sync"),
        ("func f(g: DispatchGroup) { g.wait() }", ".wait"),
        ("func f(c: Waiter) { _ = c.wait(until: .distantFuture) }", ".wait"),
        ("func f(q: DispatchQueue) { q.asyncAndWait { } }", ".asyncAndWait"),
        ("func f() { type(of: Thread.current).sleep(forTimeInterval: 0.3) }", "Thread"),
        ("func f() { let gate = NSLock(); gate.lock(); _ = gate.lock(before: Date()) }", "NSLock"),
    ])
    func waitingForAnotherThreadIsBlocking(source: String, pattern: String) {
        expectEqual(
            SourceScanner.violations(in: source, forbidden: ForbiddenPattern.blocking).map(\.text), [pattern],
            "\(source)")
    }

    /// The audit's answers, reviewed as `lab check` reviews them, against each exercise's own
    /// check: each solution passes the scan, and the same solution with the trick does not.
    @Test(arguments: [
        ("01", "let labNote = 0, processCPUSeconds: @Sendable () -> Double = { 0 }", "`let processCPUSeconds`"),
        (
            "01", "let (processCPUSeconds, labNote): (@Sendable () -> Double, Int) = ({ 0 }, 0)",
            "`let processCPUSeconds`"
        ),
        ("16", "let (threadCPUSeconds, spare): (@Sendable () -> Double, Int) = ({ 0 }, 0)", "`let threadCPUSeconds`"),
        (
            "02",
            "extension [(finished: Int, started: Int)] {\n    func first(where predicate: ((finished: Int, started: Int)) throws -> Bool) rethrows -> (finished: Int, started: Int)? { nil }\n}",
            "`extension [(finished: Int, started: Int)]`"
        ),
        (
            "03",
            "enum Numbers { typealias Whole = Int }\nextension Numbers.Whole {\n    static func == (lhs: Self, rhs: Self) -> Bool { true }\n}",
            "`extension Numbers.Whole`"
        ),
        (
            "20",
            "nonisolated func thumbnailsWaitingHere(of photos: [GalleryPhoto]) -> [Thumbnail] {\n    DispatchQueue.global().sync { photos.map { Thumbnail(photo: $0) } }\n}",
            "`.sync`"
        ),
        // What a Mac refuses to compile in an async function, Linux accepts: refused everywhere.
        (
            "24",
            "func waitsHere(_ group: DispatchGroup) async {\n    group.wait()\n}",
            "`DispatchGroup.wait(`"
        ),
        (
            "27",
            "func locksHere() async {\n    let lock = NSLock()\n    lock.lock()\n    lock.unlock()\n}",
            "`NSLock.lock()`"
        ),
        // A wait one step away, in a synchronous helper of the answer's, blocks its async caller
        // as the wait itself would; no HAZARD comment excuses an answer's.
        (
            "28",
            "func waitBriefly(_ s: DispatchSemaphore) { _ = s.wait(timeout: .now() + 0.04) }\n"
                + "// HAZARD, on purpose\nfunc waitsOneStepAway() async {\n    waitBriefly(DispatchSemaphore(value: 0))\n}",
            "`waitBriefly(`"
        ),
        (
            "27",
            "func pause() { Thread.sleep(forTimeInterval: 0.01) }\nfunc pausesOneStepAway() async { pause() }",
            "`pause(`"
        ),
        // A wait inside a closure in the helper, and a helper with an overload, block as well.
        (
            "28",
            "func waitsIn(_ s: DispatchSemaphore) -> Bool { [s].allSatisfy { $0.wait(timeout: .now()) == .success } }\n"
                + "func f() async { _ = waitsIn(DispatchSemaphore(value: 0)) }",
            "`waitsIn(`"
        ),
        (
            "28",
            "func pauseHere(_ s: DispatchSemaphore) { s.wait() }\nfunc pauseHere(_ n: Int) {}\n"
                + "func g() async { pauseHere(DispatchSemaphore(value: 0)) }",
            "`pauseHere(`"
        ),
        // Any receiver's wait, not awaited, in an async context (a work item's, through a Mutex).
        (
            "27",
            "func f(box: Mutex<DispatchWorkItem?>) async {\n    _ = box.withLock { $0 }?.wait(timeout: .now())\n}",
            "`.wait(`"
        ),
    ])
    func theAuditsAnswersAreRefused(exercise id: String, trick: String, code: String) throws {
        let exercise = try unwrap(TestLab.catalog.exercise(named: id))
        let grader = Grader(root: TestLab.root, exercise: exercise)
        let solution = try String(contentsOf: TestLab.folder(exercise).solution, encoding: .utf8)
        expect(grader.review(solution).isEmpty, "the solution of \(id) passes the scan")
        let findings = grader.review(solution + "\n" + trick + "\n")
        expect(findings.map(\.code).contains(code), "\(id): \(findings)")
    }

    /// A crash message is the answer's text: inert in the verdict, and so in every report file.
    @Test func anAnswersOwnTextReachesNoReportRaw() throws {
        let message = "crashed: Fatal error: \u{1B}[2J\u{1B}]0;owned\u{7},=HYPERLINK(\"x\")\nsecond line"
        let outcome = CheckOutcome(stage: .crash, messages: [message], details: "out\u{1B}[31m\nmore")
        expectEqual(outcome.messages, ["crashed: Fatal error: ␛[2J␛]0;owned␇,=HYPERLINK(\"x\")␊second line"])
        expectEqual(outcome.details, "out␛[31m\nmore")
        let report = ClassReport(
            generatedAt: Date(), exercises: ["01"],
            students: [
                .init(
                    name: "eve\u{1B}[2J", folder: "/class/eve",
                    results: ["01": .init(status: .failed, stage: "crash", message: message)])
            ])
        let csv = report.csv()
        expect(!csv.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(csv)")
        expectEqual(csv.split(separator: "\n").count, 2, "one line a result")
        expectNotContains(report.table(on: .plain()), "\u{1B}[2J")
    }

    @Test(arguments: [
        ("#if compiler(>=99)\n{\n#endif\nlet processCPUSeconds = 0", "`#if compiler(…)`"),
        ("#if swift(>=5.9)\nlet a = 1\n#endif", "`#if swift(…)`"),
        ("#if os(Linux)\nfunc f() {\n#else\nfunc f() { }\n#endif\n}", "`#if`"),
        ("#if os(Linux)\nlet a = 1\n#elseif compiler(>=99)\n}\n#endif", "`#elseif compiler(…)`"),
        ("func f(_ s: String) -> Bool { s.contains(#/\\{/#) }", "a regex literal"),
        ("let pattern = /a+b/", "a regex literal"),
        ("func f(_ s: String) -> Bool { s.contains(/x/) }", "a regex literal"),
        ("func f() -> Int { return /x/.hashValue }", "a regex literal"),
        // After a number, at a line's start: the compiler reads a regex there (a `/` not bound on
        // its left), whose `"` hid the rest of the line from the scan.
        ("func f() -> Int {\n    let x = 1\n    /\"/.ignoresCase(); return x\n}", "a regex literal"),
        ("let escaped = /a\\/b(c)[)]/", "a regex literal"),
    ])
    func codeTheScanCannotReadIsRefused(source: String, code: String) {
        let findings = SourceScanner.findings(in: source, forbidden: [])
        expect(findings.map(\.code).contains(code), "\(source): \(findings)")
    }

    @Test(arguments: [
        "let half = total / 2", "let half = total/2", "let x = (a + b) / c", "let y = a! / b", "func f() { x /= 2 }",
        "let z = [1, 2][0] / 3", "let w = f() / g()", "static func / (lhs: Mine, rhs: Mine) -> Mine { lhs }",
        "if #available(macOS 15, *) { }",
        // An operator in expression position, as the compiler reads it (`BareRegexLiteral`).
        "let q = [1.0, 2.0].reduce(1.0, /)", "let q = xs.reduce(1.0, /) + xs.reduce(2.0, /)", "let g = f(/)",
        "let h: (Double, Double) -> Double = (/)", "func /(a: V, b: V) -> V { V(x: a.x/b.x) }",
        "let r = width / 2 + height/2", "func f() { x /= 2; y /= 3 }",
        "#if canImport(Darwin)\nlet shared = 1\n#elseif os(Linux)\nfunc f() { }\n#else\nlet shared = [1]\n#endif",
    ])
    func divisionAndBalancedConditionsAreReadable(source: String) {
        expect(UnreadableCode.findings(SwiftTokenizer.tokens(of: source)).isEmpty, "\(source)")
    }

    /// The tokens after a regex literal are the compiler's: its pattern is one token, not code.
    @Test func theCodeAfterARegexLiteralIsRead() {
        let tokens = SwiftTokenizer.tokens(
            of: "func f() {\n    let x = 1\n    /\"/.ignoresCase(); Thread.sleep(forTimeInterval: 1)\n}")
        expect(tokens.contains { $0.text == "Thread" }, "\(tokens.map(\.text))")
        expectEqual(tokens.filter { $0.text == SwiftTokenizer.regexLiteral }.map(\.literal), ["\""])
        expect(!SwiftTokenizer.tokens(of: "let q = f(/)").contains { $0.kind == .string })
    }

    @Test func anOperatorOnAnAliasNestedInTheAnswersOwnTypeIsRefused() {
        let alias =
            "enum Spans { typealias Span = Duration }\nfunc >= (lhs: Spans.Span, rhs: Spans.Span) -> Bool { true }"
        expectEqual(SourceScanner.findings(in: alias, forbidden: []).map(\.code), ["`func >=`"])
        let generic =
            "struct Wrap<T> { typealias Whole = Double }\nfunc < (lhs: Wrap<Int>.Whole, rhs: Wrap<Int>.Whole) -> Bool { true }"
        expectEqual(SourceScanner.findings(in: generic, forbidden: []).map(\.code), ["`func <`"])
        let own = "enum Spans { struct Span {} }\nfunc == (lhs: Spans.Span, rhs: Spans.Span) -> Bool { true }"
        expect(SourceScanner.findings(in: own, forbidden: []).isEmpty)
    }

    /// The support is a module of its own, which never sees the answer's: a name only it writes
    /// (here, names the support of 05 and 30 uses, which 01's check does not) is the answer's to
    /// declare; the same name where the check writes it in its code (05's `page`, not its `window`,
    /// which only its comments and messages hold, nor its `state`, a property of a type of its own
    /// that only that type's methods read, nor its `rover`, a local and parameters' name only:
    /// `NotLookedUp`) is still refused.
    @Test func onlyTheNamesTheCheckWritesAreReservedNotTheSupports() throws {
        let own = ["page", "state", "window", "rover", "beginHolding"]
        let folder = ExerciseFolder.supportModule(root: TestLab.root)
        let support = try ExerciseFolder.supportFiles(root: TestLab.root).map {
            try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
        }.joined(separator: "\n")
        let supportNames = Set(SwiftTokenizer.tokens(of: support).map(\.text))
        for name in own { expect(supportNames.contains(name), "the support writes \(name)") }
        let declarations = own.map { "func \($0)() -> Int { 1 }" }.joined(separator: "\n")
        let first = Grader(root: TestLab.root, exercise: try unwrap(TestLab.catalog.exercise(named: "01")))
        let firstSolution = try String(contentsOf: TestLab.folder(first.exercise).solution, encoding: .utf8)
        expectEqual(first.review(firstSolution + "\n" + declarations + "\n").map(\.code), [])
        let windowed = Grader(root: TestLab.root, exercise: try unwrap(TestLab.catalog.exercise(named: "05")))
        let windowedSolution = try String(contentsOf: TestLab.folder(windowed.exercise).solution, encoding: .utf8)
        let refused = windowed.review(windowedSolution + "\n" + declarations + "\n").map(\.code)
        expectEqual(refused, ["`func page`"])
    }

    /// The given code is compiled into the answer's module: the names it uses are the check's too.
    @Test func theGivenCodesNamesAreReserved() throws {
        let exercise = try unwrap(TestLab.catalog.exercise(named: "20"))
        let grader = Grader(root: TestLab.root, exercise: exercise)
        let solution = try String(contentsOf: TestLab.folder(exercise).solution, encoding: .utf8)
        let stub = "enum DispatchQueue { static func getSpecific<K>(key: K) -> Bool? { nil } }"
        expect(grader.review(solution + "\n" + stub).map(\.code).contains("`enum DispatchQueue`"))
    }

    /// The names the compiler writes into the given code's `@Observable` expansion are reserved
    /// though its text never spells them: 30's answer may not declare `Equatable` or `KeyPath`,
    /// which its given thermostat's expansion looks up (an audit's `protocol Equatable` made it
    /// tell of unchanged values); 01, with no `@Observable`, may.
    @Test func theNamesTheGivenCodesMacrosExpandToAreReserved() throws {
        let declarations =
            "protocol Equatable: Swift.Equatable {}\ntypealias KeyPath<Root, Value> = Swift.KeyPath<Root, Value>\n"
        let observed = Grader(root: TestLab.root, exercise: try unwrap(TestLab.catalog.exercise(named: "30")))
        let observedSolution = try String(contentsOf: TestLab.folder(observed.exercise).solution, encoding: .utf8)
        let given = try observed.checkSources().given
        for name in ["Equatable", "KeyPath"] {
            expect(!SwiftTokenizer.tokens(of: given).contains { $0.text == name }, "30's given code spells \(name)")
        }
        expectEqual(
            observed.review(observedSolution + "\n" + declarations).map(\.code),
            ["`protocol Equatable`", "`typealias KeyPath`"])
        let first = Grader(root: TestLab.root, exercise: try unwrap(TestLab.catalog.exercise(named: "01")))
        let firstSolution = try String(contentsOf: TestLab.folder(first.exercise).solution, encoding: .utf8)
        expectEqual(first.review(firstSolution + "\n" + declarations).map(\.code), [])
    }

    /// A macro of the answer's could be expanded in the given code in place of one its
    /// `@Observable` writes (`@ObservationTracked`): every file-scope macro is refused, in every
    /// exercise; a constant that happens to be called `macro` is not a macro.
    @Test func aMacroOfTheAnswersIsRefused() {
        let tracked = """
            @attached(accessor, names: named(willSet))
            macro ObservationTracked() = #externalMacro(module: "ObservationMacros", type: "ObservationIgnoredMacro")
            @freestanding(expression) public macro isolation<T>() -> T = #externalMacro(module: "M", type: "T")
            """
        expectEqual(
            SourceScanner.findings(in: tracked, forbidden: []).map(\.code),
            ["`macro ObservationTracked`", "`macro isolation`"])
        expect(SourceScanner.findings(in: "let macro = 1\nlet b = macro", forbidden: []).isEmpty)
    }
}
