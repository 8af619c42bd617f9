import CLabCounterHooks
import LabCore

/// Strong retains and releases asked of the Swift runtime, between two readings or in total.
public struct RetainCounts: Sendable, Codable, Equatable {
    public var retains: Int
    public var releases: Int

    public init(retains: Int, releases: Int) {
        self.retains = retains
        self.releases = releases
    }

    init(_ counts: lab_retain_counts) {
        self.init(
            retains: Int(truncatingIfNeeded: counts.retains), releases: Int(truncatingIfNeeded: counts.releases))
    }

    public static func - (after: RetainCounts, before: RetainCounts) -> RetainCounts {
        RetainCounts(retains: after.retains - before.retains, releases: after.releases - before.releases)
    }
}

/// Retains and releases per operation: for a sample, its counts ÷ its iterations; for a variant,
/// the median of its samples' rates, field by field.
public struct RetainRates: Sendable, Codable, Equatable {
    public var retains: Double
    public var releases: Double

    public init(retains: Double, releases: Double) {
        self.retains = retains
        self.releases = releases
    }

    /// The median of each field over the samples that counted; nil when none did.
    public static func median(of samples: [Sample]) -> RetainRates? {
        let rates = samples.compactMap(\.retainsPerOperation)
        guard !rates.isEmpty else { return nil }
        return RetainRates(
            retains: Statistics.quantile(rates.map(\.retains).sorted(), 0.5),
            releases: Statistics.quantile(rates.map(\.releases).sorted(), 0.5))
    }
}

/// The process's retain/release counter (Sources/CLabRetains/retains.c), where the program links
/// it (the LabRetainCounter product; `lab` does): on Linux, every `swift_retain`,
/// `swift_release`, `swift_bridgeObjectRetain`/`Release` (and their `_n` forms) made by the
/// program's own code is counted on the calling thread on its way to the runtime. Calls made
/// inside the Swift runtime library itself are not seen. A program that does not link it keeps
/// the runtime's functions untouched; there `read()` is nil and reports say why.
public enum RetainCounter {
    private static var installed: lab_retain_counter? { lab_retain_counter_installed()?.pointee }

    public static var isAvailable: Bool { installed != nil }

    /// Why retains are not counted, in words a report can print; nil where they are.
    public static var unavailableReason: String? { isAvailable ? nil : notCountedReason }

    /// The words for a program that does not count retains.
    static var notCountedReason: String {
        #if os(Linux)
            return "retains and releases are not counted in this program (link LabRetainCounter to count; "
                + "not counted under a sanitizer)"
        #else
            return "retains and releases are counted on Linux only in this edition"
        #endif
    }

    /// The totals so far, all threads, or nil where retains are not counted.
    public static func read() -> RetainCounts? {
        installed.map { RetainCounts($0.read()) }
    }

    /// The calling thread's own totals, or nil where retains are not counted. Exact for
    /// synchronous code whatever other threads do (async code may move between threads).
    public static func readThisThread() -> RetainCounts? {
        installed.map { RetainCounts($0.read_this_thread()) }
    }

    /// Counting on or off for the whole process (off leaves the interposer's jump and one
    /// branch per call).
    public static func setCounting(_ on: Bool) { installed?.set_counting(on ? 1 : 0) }

    /// What synchronous `body` retained and released on this thread, exactly, or nil where
    /// retains are not counted.
    public static func countingThisThread<T>(_ body: () throws -> T) rethrows -> (value: T, counts: RetainCounts?) {
        let before = readThisThread()
        let value = try body()
        guard let before, let after = readThisThread() else { return (value, nil) }
        return (value, after - before)
    }

    /// One retain and release of `object` through the interposer (as any code makes them), or
    /// straight to the runtime's functions: timed side by side by the "measurement cost: retain
    /// counter" suite. Where retains are not counted, both are the runtime's own pair.
    public static func retainAndRelease(_ object: AnyObject, bypassingTheCounter: Bool) {
        let pointer = Unmanaged.passUnretained(object).toOpaque()
        if let counter = installed {
            if bypassingTheCounter { counter.pair_direct(pointer) } else { counter.pair_interposed(pointer) }
        } else {
            _ = Unmanaged<AnyObject>.fromOpaque(pointer).retain()
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
        }
    }
}
