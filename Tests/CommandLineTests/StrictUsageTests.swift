import Foundation
import Testing

/// Arguments the usage does not allow are a usage error, never ignored: `lab --version extra`
/// once printed the version and exit 0, and `lab stress true` ran `true` twenty times.
@Suite("Arguments outside the usage are refused")
struct StrictUsageTests {
    @Test(arguments: [
        (["--version", "extra"], "lab: error: unexpected argument 'extra'"),
        (["--version", "--bogus"], "lab: error: unexpected argument '--bogus'"),
        (["--help", "bogus"], "lab: error: unknown command 'bogus'"),
        (["--bogus"], "lab: error: unknown option '--bogus' (see lab --help)"),
        (["--hepl"], "lab: error: unknown option '--hepl'; did you mean '--help'? (see lab --help)"),
        (["--help", "check", "extra"], "lab: error: unexpected argument 'extra'"),
        (["stress", "true"], "lab stress: error: missing '--' before the command, e.g. lab stress -- true"),
        (
            ["stress", "--runs", "1", "true", "--", "false"],
            "lab stress: error: missing '--' before the command, e.g. lab stress -- true"
        ),
    ])
    func oneLineAndExitTwo(arguments: [String], line: String) async throws {
        let result = try await ProcessRunner.run("lab", arguments)
        expectEqual(result.status, 2)
        let lines = result.standardError.split(separator: "\n")
        expect(lines.count == 1 && lines[0].hasPrefix(line), "\(lines)")
        expect(result.standardOutput.isEmpty, "nothing ran: \(result.standardOutput)")
    }

    /// `lab --help check` is `lab help check` (it once printed the overview, the word ignored).
    @Test func helpWithACommandIsThatCommandsHelp() async throws {
        let viaFlag = try await ProcessRunner.run("lab", ["--help", "check"])
        let viaCommand = try await ProcessRunner.run("lab", ["help", "check"])
        expect(viaFlag.status == 0 && viaFlag.standardOutput == viaCommand.standardOutput)
        expectContains(viaFlag.standardOutput, "lab check", "\(viaFlag.standardOutput)")
    }

    @Test func theVersionAloneIsStillPrinted() async throws {
        let result = try await ProcessRunner.run("lab", ["--version"])
        expectEqual(result.status, 0)
        expect(result.standardOutput.hasPrefix("Concurrency Lab, built with Swift"))
    }
}
