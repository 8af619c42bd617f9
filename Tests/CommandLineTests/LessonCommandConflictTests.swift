import Foundation
import Testing

@testable import LabCore

/// A lesson flag beside a lesson's command (`inventory add Milk 2 --json`) is refused naming
/// what was typed: once it named a "--command" option that does not exist.
@Suite("A lesson flag beside a command names the real conflict")
struct LessonCommandConflictTests {
    @Test(arguments: [
        (["add", "Milk", "2", "--json"], "inventory: error: '--json' cannot be used with the 'add' command"),
        (["--json", "list"], "inventory: error: '--json' cannot be used with the 'list' command"),
        (
            ["--store", "/no/such.sqlite", "list", "--trace"],
            "inventory: error: '--store' and '--trace' cannot be used together"
        ),
    ])
    func inventory(arguments: [String], line: String) async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lab-conflict-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try await ProcessRunner.run(
            "inventory", arguments, environment: ["CONCURRENCY_LAB_HOME": home.path])
        expectEqual(result.status, 2)
        expectEqual(
            result.standardError.split(separator: "\n").first.map(String.init)?.hasPrefix(line), true,
            "\(result.standardError)")
        expectNotContains(result.standardError, "--command")
        expect(!FileManager.default.fileExists(atPath: home.path), "nothing made")
    }
}
