import Foundation
import LabCore
import LabTrace

/// N tasks that each wait for the same time, either *blocking* their thread or
/// *suspending*. Blocking tasks can only run as many at once as the executor
/// has threads (its width); suspending ones all wait together.
public struct ExecutorWidthExperiment: Sendable {
    public struct Outcome: Sendable {
        public let tasks: Int
        public let kind: WorkKind
        public let wall: Double
        /// The most tasks inside their wait at the same moment.
        public let peakConcurrency: Int
    }

    public let work: SimulatedWork
    public let probe: Probe

    public init(work: SimulatedWork, probe: Probe) {
        self.work = work
        self.probe = probe
    }

    /// HAZARD, on purpose: with `.blocking`, each task holds its pool thread for the wait, which
    /// is how the experiment counts the executor's width.
    public func run(tasks: Int, kind: WorkKind, sourceSeconds: Double) async -> Outcome {
        let gauge = ConcurrencyGauge()
        let clock = ContinuousClock()
        let start = clock.now
        await withTaskGroup(of: Void.self) { group in
            for index in 1...tasks {
                group.addTask { [work, probe] in
                    await probe.withLane("\(kind.rawValue) \(index)") {
                        gauge.enter()
                        defer { gauge.leave() }
                        if kind == .blocking {
                            probe.syncSpan("wait", kind: .blocking) { work.block(sourceSeconds: sourceSeconds) }
                        } else {
                            await probe.span("wait", kind: .suspending) {
                                try? await work.suspend(sourceSeconds: sourceSeconds)
                            }
                        }
                    }
                }
            }
        }
        return Outcome(
            tasks: tasks, kind: kind, wall: start.duration(to: clock.now).seconds,
            peakConcurrency: gauge.peak)
    }
}
