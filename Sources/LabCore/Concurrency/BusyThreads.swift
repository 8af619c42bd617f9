import Foundation
import Synchronization

/// Threads that spin until stopped, as another build or a browser does on a developer's machine and
/// other jobs do on CI. Threads of their own, not pool tasks: they compete for CPUs. The
/// testing-async lesson runs tests beside them; the calibration's test (`CPUWork`) pins one to the
/// CPU it measures on (`onUsableCPU`; Linux only, as `pinCallingThread`).
public final class BusyThreads: Sendable {
    private let stopped = Atomic<Bool>(false)
    private let started = Atomic<Int>(0)
    public let count: Int

    public init(count: Int, onUsableCPU cpu: Int? = nil) {
        self.count = count
        for _ in 0..<count {
            Thread.detachNewThread { [self] in
                if let cpu { pinCallingThread(toUsableCPU: cpu) }
                started.add(1, ordering: .releasing)
                var seed: UInt64 = 1
                while !stopped.load(ordering: .relaxed) { seed = CPUWork.run(units: 2_000, seed: seed) | 1 }
            }
        }
    }

    /// How many of the threads have begun spinning (pinned first, where asked).
    public var spinning: Int { started.load(ordering: .acquiring) }

    public func stop() { stopped.store(true, ordering: .relaxed) }

    /// Runs `body` with `count` spinning threads beside it.
    public static func beside<T>(
        count: Int, isolation: isolated (any Actor)? = #isolation, _ body: () async -> T
    ) async -> T {
        let busy = BusyThreads(count: count)
        defer { busy.stop() }
        return await body()
    }
}
