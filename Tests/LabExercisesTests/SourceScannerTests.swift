import Foundation
import Testing

@testable import LabExercises
@testable import LabSourceScan

/// The scan reads tokens: spacing, comments, typealiases and interpolations neither
/// hide an escape hatch nor fake one.
@Suite("The scan reads the code's structure, not its text")
struct SourceScannerTests {
    let all = ForbiddenPattern.silencers + ForbiddenPattern.blocking

    func found(_ source: String) -> [String] {
        SourceScanner.violations(in: source, forbidden: all).map(\.text)
    }

    @Test(arguments: [
        "final class C: @unchecked  Sendable {}",
        "final class C: @unchecked\n    Sendable {}",
        "final class C: @unchecked\tSendable {}",
        "final class C: @unchecked /* trust me */ Sendable {}",
        "typealias S = Sendable\nfinal class C: @unchecked S {}",
        "final class C: @unchecked // why not\n Sendable {}",
    ])
    func uncheckedIsFoundHoweverItIsSpelled(source: String) {
        expect(found(source).contains("@unchecked"), "\(source)")
    }

    @Test(arguments: [
        "nonisolated( unsafe ) var x = 0",
        "nonisolated(\n unsafe\n) var x = 0",
        "nonisolated /* */ ( unsafe ) var x = 0",
    ])
    func nonisolatedUnsafeIsFoundHoweverItIsSpelled(source: String) {
        expect(found(source).contains("nonisolated(unsafe)"), "\(source)")
    }

    @Test(arguments: [
        "func f() { print(\"\\(Thread.sleep(forTimeInterval: 1))\") }",
        "typealias T = Thread\nfunc f() { T.sleep(forTimeInterval: 1) }",
        "typealias T = Thread\ntypealias U = T\nfunc f() { U.sleep(forTimeInterval: 1) }",
        "func f() { Thread\n  .sleep(forTimeInterval: 1) }",
        "func f() { Glibc.sleep(1) }",
        "func f() { let s = sleep; _ = s }",
    ])
    func blockingCallsAreFoundInInterpolationsAliasesAndQualifiedNames(source: String) {
        let hits = found(source)
        expect(hits.contains("Thread.sleep") || hits.contains("sleep"), "\(source): \(hits)")
    }

    @Test func backtickedNamesAreTheNamesThemselves() {
        #expect(
            found(
                "func f() async { _ = await `withUnsafeContinuation` { (c: UnsafeContinuation<Int, Never>) in c.resume(returning: 1) } }"
            ).contains("withUnsafeContinuation"))
    }

    @Test(arguments: [
        "// TODO: do not use @unchecked Sendable here\nlet x = 1",
        "/* nor nonisolated(unsafe) /* nested */ here */\nlet x = 1",
        "let text = \"Thread.sleep is not called here\"",
        "let text = #\"Thread.sleep(\"x\") in a raw string\"#",
        "let text = \"\"\"\n    @unchecked Sendable, in a multi-line string\n    \"\"\"",
        "func f() async { print(\"mentions Thread.sleep\"); try? await Task.sleep(for: .seconds(1)) }",
        "func sleep(_ d: Duration) async { try? await Task.sleep(for: d) }\nfunc f() async { await sleep(.seconds(1)) }",
        "func f(sleep: Int) {}\nfunc g() { f(sleep: 3) }",
    ])
    func commentsStringsAndYourOwnNamesAreNotViolations(source: String) {
        expect(found(source).isEmpty, "\(source): \(found(source))")
    }

    @Test func importsOutsideTheLabsAreRefused() {
        let findings = SourceScanner.findings(in: "import Glibc\nimport CheckChannel\nimport Foundation", forbidden: [])
        expectEqual(findings.count, 2)
        expect(findings.allSatisfy { $0.reason.contains("may import only") })
    }

    @Test func declarationsThatWouldShadowTheChecksNamesAreRefused() {
        let source =
            "struct CallMeter {}\nfunc exit(_ code: Int32) -> Never { fatalError() }\nfunc latestPhotos() {}\nfunc helper() {}"
        let findings = SourceScanner.findings(
            in: source, forbidden: [], reservedNames: ["CallMeter", "exit", "latestPhotos"],
            allowedDeclarations: ["latestPhotos"])
        expectEqual(findings.map(\.what), ["`struct CallMeter` (line 1)", "`func exit` (line 2)"])
    }

    /// `private` and `fileprivate` declarations are seen in the answer's file only: neither the check
    /// (another module) nor the given code (another file) can reach them, so they replace nothing.
    /// `private(set)` is the setter's access, not the declaration's.
    @Test func fileOnlyDeclarationsMayShareTheChecksNames() {
        let source =
            "private func start() {}\nfileprivate struct CallMeter {}\n@MainActor private var exit = 1\n"
            + "private(set) var latestPhotos = 2\nfunc helper() {}"
        let findings = SourceScanner.findings(
            in: source, forbidden: [], reservedNames: ["start", "CallMeter", "exit", "latestPhotos"])
        expectEqual(findings.map(\.what), ["`var latestPhotos` (line 4)"])
    }

    @Test func onlyYourOwnTypesMayBeExtended() {
        let findings = SourceScanner.findings(
            in: "struct Mine {}\nextension Mine {}\nextension CallStats { var maxInFlight: Int { 3 } }", forbidden: [])
        expectEqual(findings.map(\.what), ["`extension CallStats` (line 3)"])
    }

    @Test func membersAndLocalsAreNotTopLevelDeclarations() {
        let source = "actor A {\n  func exit() {}\n  var String = 1\n}\nfunc f() { let CallMeter = 1; _ = CallMeter }"
        expect(
            SourceScanner.findings(in: source, forbidden: [], reservedNames: ["exit", "String", "CallMeter"]).isEmpty)
    }

    @Test func findingsSayWhereAndWhy() {
        let findings = SourceScanner.findings(in: "let a = 1\nfinal class C: @unchecked Sendable {}", forbidden: all)
        expectEqual(findings.first?.description.hasPrefix("`@unchecked` (line 2): "), true)
    }
    // MARK: The standard list: an answer computes; it does not reach around the language or the machine.

    func standard(_ source: String) -> [String] {
        SourceScanner.findings(in: source, forbidden: ForbiddenPattern.standard).map(\.code)
    }

    @Test(arguments: [
        "@_cdecl(\"lab_init\") public func f() {}",
        "@_used @_section(\".init_array\") let hook: Int = 1",
        "@_silgen_name(\"swift_task_create\") func create()",
        "@ _optimize(none) func f() {}",
        "@_implementationOnly import Foundation",
        "@_spi(Private) import LabCore",
        "let f: @convention(c) () -> Void = { }",
        "let f: @convention(thin) () -> Void = { }",
    ])
    func everyUnderscoredAttributeAndCallingConventionIsRefused(source: String) {
        expect(!standard(source).isEmpty, "\(source)")
    }

    @Test(arguments: [
        ("let h = FileHandle(fileDescriptor: 3)", "FileHandle"),
        ("try? FileManager.default.removeItem(atPath: \"x\")", "FileManager"),
        ("let p = Process()", "Process"),
        ("let (d, _) = try await URLSession.shared.data(from: URL(fileURLWithPath: \"/etc/hosts\"))", "URLSession"),
        ("let e = ProcessInfo.processInfo.environment", "ProcessInfo"),
        ("let info = lab.processInfo; _ = info.environment[\"W\"]", ".environment"),
        ("setenv(\"WIDTH\", \"120\", 1)", "setenv"),
        ("let w = getenv(\"WIDTH\")", "getenv"),
        ("unsetenv(\"WIDTH\")", "unsetenv"),
        ("let f = fopen(\"x\", \"r\")", "fopen"),
        ("let fd = open(\"x\", O_RDONLY)", "open"),
        ("_ = write(1, \"Solved\", 6)", "write"),
        ("_ = Foundation.write(1, \"Solved\", 6)", "write"),
        ("func write(_ s: String) {}\nfunc f() { _ = write(1, \"Solved\", 6) }", "write"),
        ("actor A { func write(_ v: Int) {} }\nfunc f() { _ = write(1, \"Solved\", 6) }", "write"),
        ("actor A { func write(_ v: Int) {}\n func g() { _ = Glibc.write(1, \"Solved\", 6) } }", "write"),
        ("close(3)", "close"),
        ("kill(getppid(), SIGKILL)", "kill"),
        ("signal(SIGTERM, SIG_IGN)", "signal"),
        ("let handler = signal", "signal"),
        ("let (a, b) = (pipe, 1)", "pipe"),
        // A closure's parameter of that name stops at the closure's end: after it, the system's again.
        ("let n = [1].map { pipe in pipe + 1 }\nfunc f() { _ = pipe(nil) }", "pipe"),
        ("raise(SIGSEGV)", "raise"),
        ("atexit { }", "atexit"),
        ("let c: AnyClass? = NSClassFromString(\"NSFileManager\")", "NSClassFromString"),
        ("let h = dlopen(nil, RTLD_NOW)", "dlopen"),
        ("let s = dlsym(nil, \"lab_check_record\")", "dlsym"),
        ("let s = String(contentsOf: URL(fileURLWithPath: \"x\"))", "String(contentsOf:"),
        ("let path = \"/proc/self/mem\"", "\"/proc…\""),
        ("let path = \"/pr\\u{6F}c/self/mem\"", "\"/proc…\""),
        ("let p = UnsafeMutableRawPointer(bitPattern: 8)", "UnsafeMutableRawPointer"),
        ("let task: UnsafeCurrentTask? = nil", "Unsafe…"),
        ("let x = unsafeBitCast(f, to: Int.self)", "unsafeBitCast"),
        ("let u = Unmanaged.passRetained(o)", "Unmanaged"),
        ("withUnsafeCurrentTask { _ in }", "withUnsafe…"),
        ("let box = Locked(NotSendable())", "Locked"),
        ("let v = Mirror(reflecting: model).children.first?.value", "Mirror"),
        ("var text = \"\"\ndump(model, to: &text)", "dump"),
        // An audit's: a Mirror, files and folders reached without the names refused above.
        ("let reflector = type(of: [0].customMirror)", ".customMirror"),
        ("let url = URL.temporaryDirectory.appending(component: \"x\")", ".temporaryDirectory"),
        ("let home: URL = .homeDirectory", ".homeDirectory"),
        ("let t = NSTemporaryDirectory()", "NSTemporaryDirectory"),
        ("let save: (Data) -> (URL, Data.WritingOptions) throws -> Void = Data.write", "Data.write"),
        ("let t = (Count < kill(0, 9), 1 > 2)", "kill"),
        ("let source = DispatchSource.makeSignalSource(signal: 15)", ".makeSignalSource"),
    ])
    func rawFileProcessEnvironmentSignalAndMemoryAPIsAreRefused(source: String, refused: String) {
        let found = standard(source)
        expect(found.contains("`\(refused)`"), "\(source): \(found)")
    }

    @Test(arguments: [
        "log.write(\"start\")",
        "var all: [Int] = []\nall.append(contentsOf: [1, 2])",
        "open class Gallery {}",
        "enum Door { case open, close }\nlet d = Door.open",
        "func f(read: Int, write: Int) {}\nfunc g() { f(read: 1, write: 2) }",
        "let signal = 3",
        "actor Counter {\n  var count = 0\n  func read() -> Int { count }\n  func write(_ v: Int) { count = v }\n  func bump() async { let v = read(); write(v + 1) }\n}",
        "try await Task.sleep(for: .milliseconds(5))",
        "let text = \"kill(1, 9) and getenv(x) are only words in a string\".count // and open(2) in a comment",
        "let s = Set<Photo>()\nlet m = Mutex<Int>(0)",
        "if count < limit && other > 3 { }",
        "struct Truck { func dump(_ load: Int) {} }\nTruck().dump(3)",
        // Values named like system calls (an audit's 18 named its continuation `signal`).
        "let (answers, signal) = AsyncStream<Int>.makeStream()\nsignal.yield(1)\nsignal.finish()",
        "let counts = [1, 2].map { pipe in pipe + 1 }",
        "let data = Data([1, 2, 3])\nlet text = String(decoding: data, as: UTF8.self)",
    ])
    func ordinaryCodeIsNotRefused(source: String) {
        let found = standard(source)
        expect(found.isEmpty, "\(source): \(found)")
    }

    // MARK: Type spellings: generics, metatypes and aliases do not hide a type.

    @Test(arguments: [
        "Task.detached { }",
        "Task<Void, Never>.detached { }",
        "Task<[MarsPhoto], any Error>.detached { [] }",
        "(Task<(), Never>).self.detached { }",
        "let T = Task<Int, Never>.self\nT.detached { 1 }",
        "let T: Task<Int, Never>.Type = Task<Int, Never>.self\nT.detached { 1 }",
        "typealias T = Task<Int, Never>\nT.detached { 1 }",
        "typealias T = Task<Int, Never>\ntypealias U = T\n(U).self.detached { 1 }",
        "let t = Task { }\ntype(of: t).detached { }",
        "let t: Task<Void, Never> = .detached { }",
        "let make = Task<Void, Never>.detached\n_ = make(nil) { }",
    ])
    func taskDetachedIsFoundHoweverTheTypeIsSpelled(source: String) {
        let found = SourceScanner.findings(in: source, forbidden: [ForbiddenPattern.detached()]).map(\.code)
        expect(found.contains("`Task.detached`"), "\(source): \(found)")
    }

    @Test(arguments: [
        "Thread.self.sleep(forTimeInterval: 1)",
        "(Thread).sleep(forTimeInterval: 1)",
        "let T = Thread.self\nT.sleep(forTimeInterval: 1)",
        "let T = (Thread).self\nT.sleep(forTimeInterval: 1)",
        "let T = Thread.self\nlet U = T.self\nU.sleep(forTimeInterval: 1)",
    ])
    func blockingCallsAreFoundThroughMetatypes(source: String) {
        expect(found(source).contains("Thread.sleep"), "\(source): \(found(source))")
    }

    @Test func aPlainValueIsNotAnAlias() {
        expect(found("let T = thread\nT.sleep(1)").isEmpty)
        expect(
            SourceScanner.findings(in: "let T = Task.self\nlet x = 1", forbidden: [], reservedNames: ["Task"]).isEmpty,
            "the alias's declaration is not a declaration of the name it stands for")
    }

    @Test(arguments: TestLab.exercises.map(\.id))
    func everyExerciseRefusesTheStandardList(id: String) throws {
        let exercise = try unwrap(TestLab.catalog.exercise(named: id))
        let refused = Set(exercise.forbidden.map(\.text))
        expect(
            ForbiddenPattern.standard.allSatisfy { refused.contains($0.text) },
            "\(id) leaves out part of the standard list")
    }

    /// What the exercises legitimately write stays accepted: every starting file, solution and
    /// correct alternative passes its exercise's scan (the starting files may still block: that
    /// is what the check refuses them for, by behaviour).
    @Test(arguments: TestLab.exercises.map(\.id))
    func everyCorrectAnswerPassesItsExercisesScan(id: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let exercise = try unwrap(TestLab.catalog.exercise(named: id))
        let folder = ExerciseFolder(root: root, id: id)
        let correct = [folder.solution] + ExerciseFolder.files(in: folder.alternatives, endingIn: ".swift")
        for file in correct {
            let found = SourceScanner.findings(
                in: try String(contentsOf: file, encoding: .utf8), forbidden: exercise.forbidden)
            expect(found.isEmpty, "\(file.lastPathComponent): \(found)")
        }
        // A starting file may hold the silencer the exercise is about (12's `@unchecked`), nothing else.
        let starting = try String(contentsOf: folder.starter, encoding: .utf8)
        let silencers = Set(ForbiddenPattern.silencers.map(\.text))
        let beyond = ForbiddenPattern.standard.filter { !silencers.contains($0.text) }
        expect(SourceScanner.findings(in: starting, forbidden: beyond).isEmpty, "the starting file of \(id)")
    }
}

@Suite("Tokens")
struct SwiftTokenizerTests {
    @Test func interpolationsAreCodeAndTheRestOfTheStringIsNot() {
        let tokens = SwiftTokenizer.tokens(of: #"let s = "a \(f(x)) b \("nested \(g())") c""#).map(\.text)
        expectEqual(tokens, ["let", "s", "=", "\"…\"", "f", "(", "x", ")", "\"…\"", "g", "(", ")"])
    }

    @Test func rawStringsKeepTheirInterpolationRules() {
        expectEqual(
            SwiftTokenizer.tokens(of: ##"let s = #"\(notCode) \#(code)"#"##).map(\.text),
            [
                "let", "s", "=", "\"…\"", "code",
            ])
    }

    @Test func stringsKeepTheirTextForPathsButNotTheirInterpolations() {
        let tokens = SwiftTokenizer.tokens(of: #"let s = "/pr\u{6F}c/\(pid)/mem""#)
        expectEqual(tokens.first { $0.kind == .string }?.literal, "/proc//mem")
    }

    @Test func linesAreCounted() {
        expectEqual(SwiftTokenizer.tokens(of: "a\n/* x\n y */\nb").map(\.line), [1, 4])
    }

    /// The lexer compares bytes and decodes a scalar only outside ASCII: such a scalar is still
    /// one whole letter, digit, space or symbol, and an escape still stands for its character.
    @Test func charactersOutsideASCIIAreWholeLettersDigitsSpacesAndSymbols() {
        let tokens = SwiftTokenizer.tokens(of: "let café\u{00A0}= ½ + x٣ → 😀\u{2028}\"\u{1F600}é\\u{41}\"")
        expectEqual(tokens.map(\.text), ["let", "café", "=", "½", "+", "x٣", "→", "😀", "\"…\""])
        expectEqual(
            tokens.map(\.kind),
            [
                .identifier, .identifier, .punctuation, .number, .punctuation, .identifier, .punctuation, .punctuation,
                .string,
            ])
        expectEqual(tokens.last?.literal, "😀éA")
        expectEqual(SwiftTokenizer.tokens(of: #""\u{41}\u{}\u{110000}\t""#).first?.literal, "A??\t")
    }
}
