import CLabCounterHooks
import LabCore

/// Executor hops, counted by the lab (Sources/CLabHops/hops.c), not estimated.
/// `switches`: executor changes made by this program's code — entering or leaving an actor or
/// the main actor, returning to the pool — whether the runtime made them inline on the same
/// thread or by enqueueing. `enqueues`: jobs handed to the global pool — a task starting, a
/// suspended task resuming, a return to the pool from the main thread.
public struct HopCounts: Sendable, Codable, Equatable {
    public var switches: Int
    public var enqueues: Int

    public init(switches: Int, enqueues: Int) {
        self.switches = switches
        self.enqueues = enqueues
    }

    init(_ counts: lab_hop_counts) {
        self.init(
            switches: Int(truncatingIfNeeded: counts.switches), enqueues: Int(truncatingIfNeeded: counts.enqueues))
    }

    public static func - (after: HopCounts, before: HopCounts) -> HopCounts {
        HopCounts(switches: after.switches - before.switches, enqueues: after.enqueues - before.enqueues)
    }
}

/// The process's hop counter, where the program links it (the LabHopCounter product; `lab`
/// does): installed before main on Linux (not in thread-sanitizer builds). A program that does
/// not link it keeps the runtime's `swift_task_switch` untouched; there `read()` is nil and
/// reports say why.
public enum HopCounter {
    private static var installed: lab_hop_counter? { lab_hop_counter_installed()?.pointee }

    public static var isAvailable: Bool { installed != nil }

    /// Why hops are not counted, in words a report can print; nil where they are.
    public static var unavailableReason: String? { isAvailable ? nil : notCountedReason }

    /// The words for a program that does not count hops.
    static var notCountedReason: String {
        #if os(Linux)
            return "executor hops are not counted in this program (link LabHopCounter to count; "
                + "not counted under a thread sanitizer)"
        #else
            return "executor hops are counted on Linux only in this edition"
        #endif
    }

    /// The process's totals so far (all tasks), or nil where hops are not counted.
    public static func read() -> HopCounts? {
        installed.map { HopCounts($0.read()) }
    }

    /// What the calling task did while running `body`, exactly, whatever other tasks do
    /// meanwhile: its own switches, and the jobs enqueued to start the tasks it creates or to
    /// resume it. One task at a time in a process (the counter has one slot); nil where hops
    /// are not counted.
    public static func countingThisTask<T: Sendable>(_ body: () async throws -> T) async rethrows -> (
        value: T, hops: HopCounts?
    ) {
        guard let counter = installed else { return (try await body(), nil) }
        counter.watch_current_task()
        let value = try await body()
        return (value, HopCounts(counter.unwatch()))
    }

    /// The median of per-operation rates; nil when no sample counted.
    static func median(_ rates: [Double]) -> Double? {
        rates.isEmpty ? nil : Statistics.quantile(rates.sorted(), 0.5)
    }
}

extension HopCounter {
    /// Counting on or off for the whole process (off leaves the interposer's jump and one
    /// branch per switch: how the "measurement costs" suite measures what counting costs).
    public static func setCounting(_ on: Bool) { installed?.set_counting(on ? 1 : 0) }
}

extension HopCounter {
    /// Does what counting adds to an executor switch, `times` times, without switching (the
    /// counts stay true): timed by the "measurement cost: hop counter" suite. Does nothing where
    /// hops are not counted.
    public static func countWithoutSwitching(_ times: Int) {
        installed?.count_without_switching(UInt64(max(0, times)))
    }
}
