import Foundation
import LabCore
import LabScenarios
import LabTrace
import LessonKit
import Synchronization

/// Threads that spin beside a test, as another build or a browser does on a developer's
/// machine and other jobs do on CI. Threads of their own, not pool tasks: they compete for CPUs.
final class BusyThreads: Sendable {
    private let stopped = Atomic<Bool>(false)
    let count: Int

    init(count: Int) {
        self.count = count
        for _ in 0..<count {
            Thread.detachNewThread { [self] in
                var seed: UInt64 = 1
                while !stopped.load(ordering: .relaxed) { seed = CPUWork.run(units: 2_000, seed: seed) | 1 }
            }
        }
    }

    func stop() { stopped.store(true, ordering: .relaxed) }

    /// Runs `body` with `count` spinning threads beside it.
    static func beside<T>(
        count: Int, isolation: isolated (any Actor)? = #isolation, _ body: () async -> T
    ) async -> T {
        let busy = BusyThreads(count: count)
        defer { busy.stop() }
        return await body()
    }
}
