import Foundation
import Testing

@testable import LabCore

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
}
