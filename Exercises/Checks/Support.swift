// Support for every exercise check. `lab check` compiles it with your file and
// the exercise's check. You do not need to read it, but you may.
import Foundation
import LabKit

/// The verdicts the grader reads: "✔ …" passed, "✘ …" failed, "… waiting: …" what comes next.
final class CheckReport: Sendable {
    private let failures = Locked(0)

    func pass(_ message: String) { emit("✔ " + message) }

    func fail(_ message: String) {
        failures.withLock { $0 += 1 }
        emit("✘ " + message)
    }

    func expect(_ condition: Bool, _ passed: String, otherwise failed: String) {
        condition ? pass(passed) : fail(failed)
    }

    /// Says what the check is about to await, so a hang can be explained.
    func waiting(_ what: String) { emit("… waiting: " + what) }

    var hasFailed: Bool { failures.withLock { $0 > 0 } }

    private func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}

/// Fast, repeatable services for checks: one source second is 10 ms.
enum CheckServices {
    static let scale = TimeScale(factor: 0.01)
    static var work: SimulatedWork { SimulatedWork(scale: scale) }

    static func behavior(latency: LatencyModel = .fixed(2), failures: FailureInjection = .none) -> ServiceBehavior {
        ServiceBehavior(latency: latency, failures: failures, seed: 7, scale: scale)
    }
}

@main
enum CheckMain {
    static func main() async {
        let report = CheckReport()
        await runCheck(report)
        exit(report.hasFailed ? 1 : 0)
    }
}
