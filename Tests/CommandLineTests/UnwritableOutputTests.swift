import Foundation
import Testing

@testable import LabCore
@testable import LabProcesses

/// Standard output that cannot be written (a full disk, closed) is one line and status 1, never
/// a crash with a backtrace.
@Suite("Output that cannot be written is one line, not a crash")
struct UnwritableOutputTests {
    @Test(arguments: ["> /dev/full", ">&-"])
    func labSaysSoAndExitsOne(redirection: String) throws {
        let lab = try ProcessRunner.productsDirectory().appendingPathComponent("lab").path
        let result = try ProcessCapture.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "'\(lab)' list \(redirection)"],
            environment: ["PATH": "/usr/bin:/bin", "SWIFT_BACKTRACE": "enable=no"], timeout: 60)
        expectEqual(result.status, 1, "exit \(result.status): \(result.standardError)")
        let lines = result.standardError.split(separator: "\n")
        expectEqual(lines.count, 1, "\(result.standardError)")
        expectEqual(lines.first?.hasPrefix("lab: error: cannot write the output: "), true, "\(result.standardError)")
    }
    /// A closed standard output stays closed: the first file or descriptor the lab opened took its
    /// number, 1, and the output went there (an audit saw `lab bench --list >&-` write its first line
    /// into the dispatch runtime's epoll descriptor, "Invalid argument", and `lab hint 02 >&-` save
    /// its progress through descriptor 1). Now the one line says the output is closed.
    @Test func aClosedOutputIsNeverAnotherFile() throws {
        let command = "bench --list"
        let lab = try ProcessRunner.productsDirectory().appendingPathComponent("lab").path
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lab-closed-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = try ProcessCapture.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "'\(lab)' \(command) >&-"],
            environment: [
                "PATH": "/usr/bin:/bin", "SWIFT_BACKTRACE": "enable=no", "CONCURRENCY_LAB_HOME": home, "NO_COLOR": "1",
            ],
            timeout: 60)
        expectEqual(result.status, 1, "exit \(result.status): \(result.standardError)")
        expectEqual(
            result.standardError, "lab: error: cannot write the output: \(String(cString: strerror(EBADF)))\n")
    }
}
