import CLabShims

/// Mallocs, frees and bytes requested, between two readings or in total.
public struct AllocationCounts: Sendable, Codable, Equatable {
    public var mallocs: Int
    public var frees: Int
    public var bytes: Int

    public init(mallocs: Int, frees: Int, bytes: Int) {
        self.mallocs = mallocs
        self.frees = frees
        self.bytes = bytes
    }

    public static let zero = AllocationCounts(mallocs: 0, frees: 0, bytes: 0)

    public static func - (after: AllocationCounts, before: AllocationCounts) -> AllocationCounts {
        AllocationCounts(
            mallocs: after.mallocs - before.mallocs, frees: after.frees - before.frees,
            bytes: after.bytes - before.bytes)
    }
}

extension AllocationCounts {
    init(_ counts: lab_allocation_counts) {
        self.init(
            mallocs: Int(truncatingIfNeeded: counts.mallocs), frees: Int(truncatingIfNeeded: counts.frees),
            bytes: Int(truncatingIfNeeded: counts.bytes))
    }
}

/// The process's allocation counter (Sources/CLabAllocations), where the program links it:
/// on Linux with glibc, every malloc and free of every thread is counted on its way to the
/// system allocator. Counts are process-wide: a reading taken around some code also holds
/// what other threads allocated meanwhile, so measure with the process otherwise quiet, over
/// many operations. A program that does not link the counter (a lesson that reports no
/// allocations, a student's check) keeps the system's malloc untouched and reads nil here.
public enum AllocationCounter {
    private static var installed: lab_allocation_counter? { lab_allocation_counter_installed()?.pointee }

    /// Whether this program counts allocations at all.
    public static var isAvailable: Bool { installed != nil }

    /// Why the counts are missing, in words a report can print; nil where they are counted.
    public static var unavailableReason: String? {
        guard !isAvailable else { return nil }
        #if os(macOS) || os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
            return "allocation counts are unavailable in this program: it does not link the allocation counter "
                + "(the LabAllocationCounter product, which hooks the default malloc zone), or a sanitizer replaces malloc"
        #else
            return "allocation counts are unavailable in this program: it does not link the allocation counter "
                + "(the LabAllocationCounter product), or a sanitizer replaces malloc itself, or the C library is not glibc"
        #endif
    }

    /// The totals so far, or nil where allocations are not counted.
    public static func read() -> AllocationCounts? {
        installed.map { AllocationCounts($0.read()) }
    }

    /// The calling thread's own totals, or nil where allocations are not counted. Exact for
    /// synchronous code whatever other threads do (async code may move between threads).
    public static func readThisThread() -> AllocationCounts? {
        installed.map { AllocationCounts($0.read_this_thread()) }
    }

    /// Switches counting on or off for the whole process (off leaves one branch per call:
    /// how `lab bench --allocation-overhead` measures what counting costs).
    public static func setCounting(_ on: Bool) {
        installed?.set_counting(on ? 1 : 0)
    }

    /// What `body` allocated (with whatever other threads allocated meanwhile), or nil where
    /// allocations are not counted.
    public static func counting<T>(_ body: () throws -> T) rethrows -> (value: T, allocations: AllocationCounts?) {
        let before = read()
        let value = try body()
        guard let before, let after = read() else { return (value, nil) }
        return (value, after - before)
    }

    /// The same, for async code (its suspensions let other work run and allocate meanwhile).
    public static func counting<T>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T)
        async rethrows -> (value: T, allocations: AllocationCounts?)
    {
        let before = read()
        let value = try await body()
        guard let before, let after = read() else { return (value, nil) }
        return (value, after - before)
    }
}
