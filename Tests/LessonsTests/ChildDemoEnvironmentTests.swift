import Foundation
import LabCore
import LabProcesses
import Testing

@testable import LessonKit
@testable import Lessons

/// A child demo that crashes on purpose is explained by the runtime's "Fatal error" line, not
/// by a backtracer process (which took about 0.9 s per crash, and in sanitized runs was at
/// times left sleeping with no parent).
@Suite("Child demos: the environment they start with")
struct ChildDemoEnvironmentTests {
    @Test func theBacktracerIsOffAndTheDemoNamedUnlessTheCallerSaysOtherwise() {
        let plain = ChildDemo.childEnvironment("demo", [:])
        expectEqual(plain["SWIFT_BACKTRACE"], "enable=no")
        expectEqual(plain[ChildDemo.environmentKey], "demo")
        expectEqual(plain[ChildDemo.parentKey], String(getpid()))
        let asked = ChildDemo.childEnvironment("demo", ["SWIFT_BACKTRACE": "enable=yes"])
        expectEqual(asked["SWIFT_BACKTRACE"], "enable=yes")
    }

    /// A demo that runs until it is killed ends by itself once the process that started it is
    /// gone (here: it is told another parent than its own, as if its own had died first).
    @Test func aDemoWhoseParentIsGoneEndsByItself() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-orphan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("report.log").path
        _ = FileManager.default.createFile(atPath: report, contents: nil)
        let child = try ChildDemo.start(
            "inventory-big-transactions",
            environment: [
                InventoryChildDemos.storeKey: folder.appendingPathComponent("store.sqlite").path,
                InventoryChildDemos.reportKey: report, ChildDemo.parentKey: "1",
            ])
        defer { child.kill() }
        let deadline = ContinuousClock.now + .seconds(60)
        while child.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        expect(!child.isRunning, "still committing after a minute with its parent gone")
        expectEqual(child.ending, RunningChild.Ending(status: 3, signalled: false))
    }
}
