import Foundation
import Testing
@testable import LabExercises

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
        #expect(found(source).contains("@unchecked"), "\(source)")
    }

    @Test(arguments: [
        "nonisolated( unsafe ) var x = 0",
        "nonisolated(\n unsafe\n) var x = 0",
        "nonisolated /* */ ( unsafe ) var x = 0",
    ])
    func nonisolatedUnsafeIsFoundHoweverItIsSpelled(source: String) {
        #expect(found(source).contains("nonisolated(unsafe)"), "\(source)")
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
        #expect(hits.contains("Thread.sleep") || hits.contains("sleep"), "\(source): \(hits)")
    }

    @Test func backtickedNamesAreTheNamesThemselves() {
        #expect(found("func f() async { _ = await `withUnsafeContinuation` { (c: UnsafeContinuation<Int, Never>) in c.resume(returning: 1) } }").contains("withUnsafeContinuation"))
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
        #expect(found(source).isEmpty, "\(source): \(found(source))")
    }

    @Test func importsOutsideTheLabsAreRefused() {
        let findings = SourceScanner.findings(in: "import Glibc\nimport CheckChannel\nimport Foundation", forbidden: [])
        #expect(findings.count == 2)
        #expect(findings.allSatisfy { $0.reason.contains("may import only") })
    }

    @Test func declarationsThatWouldShadowTheChecksNamesAreRefused() {
        let source = "struct CallMeter {}\nfunc exit(_ code: Int32) -> Never { fatalError() }\nfunc latestPhotos() {}\nfunc helper() {}"
        let findings = SourceScanner.findings(in: source, forbidden: [], reservedNames: ["CallMeter", "exit", "latestPhotos"],
                                              allowedDeclarations: ["latestPhotos"])
        #expect(findings.map(\.what) == ["`struct CallMeter` (line 1)", "`func exit` (line 2)"])
    }

    @Test func onlyYourOwnTypesMayBeExtended() {
        let findings = SourceScanner.findings(in: "struct Mine {}\nextension Mine {}\nextension CallStats { var maxInFlight: Int { 3 } }", forbidden: [])
        #expect(findings.map(\.what) == ["`extension CallStats` (line 3)"])
    }

    @Test func membersAndLocalsAreNotTopLevelDeclarations() {
        let source = "actor A {\n  func exit() {}\n  var String = 1\n}\nfunc f() { let CallMeter = 1; _ = CallMeter }"
        #expect(SourceScanner.findings(in: source, forbidden: [], reservedNames: ["exit", "String", "CallMeter"]).isEmpty)
    }

    @Test func findingsSayWhereAndWhy() {
        let findings = SourceScanner.findings(in: "let a = 1\nfinal class C: @unchecked Sendable {}", forbidden: all)
        #expect(findings.first?.description.hasPrefix("`@unchecked` (line 2): ") == true)
    }
}

@Suite("Tokens")
struct SwiftTokenizerTests {
    @Test func interpolationsAreCodeAndTheRestOfTheStringIsNot() {
        let tokens = SwiftTokenizer.tokens(of: #"let s = "a \(f(x)) b \("nested \(g())") c""#).map(\.text)
        #expect(tokens == ["let", "s", "=", "\"…\"", "f", "(", "x", ")", "\"…\"", "g", "(", ")"])
    }

    @Test func rawStringsKeepTheirInterpolationRules() {
        #expect(SwiftTokenizer.tokens(of: ##"let s = #"\(notCode) \#(code)"#"##).map(\.text) == ["let", "s", "=", "\"…\"", "code"])
    }

    @Test func linesAreCounted() {
        #expect(SwiftTokenizer.tokens(of: "a\n/* x\n y */\nb").map(\.line) == [1, 4])
    }
}
