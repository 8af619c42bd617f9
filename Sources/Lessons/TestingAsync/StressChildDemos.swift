import Foundation
import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// The processes `lab stress` starts from the lab's own executable: one that keeps the CPUs
/// busy beside the command under test, and one that measures the pool a load leaves a program.
public enum StressChildDemos {
    public static let busyName = "stress-busy"
    public static let poolWidthName = "stress-pool-width"

    static let demos = [
        ChildDemo(busyName) {
            // One spinning thread per CPU this process may use (under taskset -c 0: one, on that CPU).
            // Threads of its own, not pool tasks: they must compete for CPUs, not for the pool.
            for _ in 0..<UsableCPUs.count {
                Thread.detachNewThread { spinForever() }
            }
            // Suspends (not blocks) until `lab stress` ends this process.
            while true { try? await Task.sleep(for: .seconds(3600)) }
        },
        ChildDemo(poolWidthName) {
            StandardOutput.line("\(await ExecutorProbe.measureWidth())")
        },
    ]

    /// CPU work that never ends, kept observable so the optimizer cannot drop it.
    static func spinForever() -> Never {
        var seed: UInt64 = 1
        while true { seed = CPUWork.run(units: 100_000, seed: seed) | 1 }
    }
}
