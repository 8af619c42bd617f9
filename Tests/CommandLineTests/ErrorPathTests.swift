import Foundation
import Testing

/// Every way to call the lab wrongly: a clear line first, exit status 2, nothing on stdout.
@Suite("Command-line error paths")
struct ErrorPathTests {
    static let cases: [(product: String, arguments: [String], mentions: String)] = [
        ("sync-vs-async", ["--bogus"], "unknown option '--bogus'"),
        ("sync-vs-async", ["--trac"], "did you mean '--trace'"),
        ("sync-vs-async", ["--variant", "blockng"], "did you mean 'blocking'"),
        ("sync-vs-async", ["--variant"], "needs a value"),
        ("sync-vs-async", ["--scale", "fast"], "invalid value 'fast'"),
        ("sync-vs-async", ["--scale", "0"], "invalid value '0'"),
        ("sync-vs-async", ["--seed", "-3"], "invalid value '-3'"),
        ("sync-vs-async", ["--real-time", "--scale", "1"], "--real-time"),
        ("sync-vs-async", ["--trace-out", "/no/such/folder/t.json"], "existing folder"),
        ("sync-vs-async", ["extra"], "unexpected argument 'extra'"),
        ("lab", ["lsit"], "did you mean 'list'"),
        ("lab", ["run"], "missing lesson name"),
        ("lab", ["run", "sync-vs-asyn"], "did you mean 'sync-vs-async'"),
        ("lab", ["run", "inventory"], "not built yet"),
        ("lab", ["run", "sync-vs-async", "--bogus"], "unknown option '--bogus'"),
        ("lab", ["help", "nothing"], "unknown command 'nothing'"),
        ("lab", ["list", "--bogus"], "unknown option '--bogus'"),
        ("lab", ["doctor", "extra"], "unexpected argument 'extra'"),
    ]

    @Test(arguments: cases.indices)
    func badInputGetsOneClearLineAndExitStatusTwo(index: Int) throws {
        let (product, arguments, mentions) = Self.cases[index]
        let result = try ProcessRunner.run(product, arguments)
        let lines = result.standardError.split(separator: "\n")
        #expect(result.status == 2, "\(product) \(arguments): status \(result.status)")
        #expect(lines.first?.contains("error:") == true, "first line: \(lines.first ?? "")")
        #expect(lines.first?.contains(mentions) == true, "expected '\(mentions)' in: \(result.standardError)")
        #expect(lines.count <= 2, "one error line and at most the usage line")
        #expect(result.standardOutput.isEmpty, "nothing half-printed on stdout")
        #expect(!result.standardError.contains("Fatal error"), "never a crash")
    }
}
