import CLabAllocations
import LabBench
import LabKit
import Lessons

/// What the lab's own counters cost, measured in the run they cost, beside everything else:
/// the allocation interposer with counting off (its forwarding alone) and on, against glibc's
/// allocator called directly; and an actor hop with the hop counter counting or not.
enum MeasurementCostSuites {
    /// One 64-byte malloc and free per operation, three ways: the difference from "glibc
    /// directly" is what the interposer adds to every allocation of a counting program.
    static func allocations() -> BenchmarkSuite {
        BenchmarkSuite(
            name: "measurement cost: allocation counter", kind: .primitive,
            summary: "a malloc/free pair through the allocation interposer (counting off, on) or straight to glibc",
            reference: "glibc directly",
            variants: [
                BenchmarkVariant("glibc directly") { iterations in
                    for _ in 0..<iterations { lab_allocation_pair_direct(64) }
                },
                BenchmarkVariant("interposer, counting off") { iterations in
                    AllocationCounter.setCounting(false)
                    for _ in 0..<iterations { lab_allocation_pair_interposed(64) }
                    AllocationCounter.setCounting(true)
                },
                BenchmarkVariant("interposer, counting on") { iterations in
                    for _ in 0..<iterations { lab_allocation_pair_interposed(64) }
                },
            ])
    }

    /// An actor call from another actor (two executor switches, counted in the report) with the
    /// hop counter counting or not: the difference is what counting adds per call (the
    /// interposer's jump stays in both).
    static func hops() -> BenchmarkSuite {
        let caller = HoppingCaller()
        let callee = HoppingCallee()
        return BenchmarkSuite(
            name: "measurement cost: hop counter", kind: .primitive,
            summary: "an actor call from another actor (2 executor switches) with hops counted or not",
            reference: "hops not counted",
            variants: [
                BenchmarkVariant("hops not counted") { iterations in
                    HopCounter.setCounting(false)
                    await caller.call(callee, times: iterations)
                    HopCounter.setCounting(true)
                },
                BenchmarkVariant("hops counted") { iterations in
                    await caller.call(callee, times: iterations)
                },
            ])
    }
}
