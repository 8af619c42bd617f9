import CLabAllocations
import LabBench
import LabCore
import Lessons

/// What the lab's own counters cost, measured in the run they cost, beside everything else:
/// the allocation interposer, counting, against glibc's allocator called directly; and what the
/// hop counter adds to one executor switch; the retain interposer against the runtime's own
/// retain and release.
enum MeasurementCostSuites {
    /// One 64-byte malloc and free per operation, through the interposer (counting) or straight
    /// to glibc: the difference is what the interposer adds to every allocation of a counting
    /// program. Its forwarding alone (counting off) is `lab bench --allocation-overhead
    /// "measurement cost"`: this suite's interposer variant with counting on and off. (Counting
    /// is switched off process-wide, so no variant here does it: a test counting allocations
    /// while the catalog's variants run beside it would read nothing.)
    static func allocations() -> BenchmarkSuite {
        BenchmarkSuite(
            name: "measurement cost: allocation counter", kind: .primitive,
            summary: "a malloc/free pair through the allocation interposer (counting) or straight to glibc",
            reference: "glibc directly",
            variants: [
                BenchmarkVariant("glibc directly") { iterations in
                    for _ in 0..<iterations { lab_allocation_pair_direct(64) }
                },
                BenchmarkVariant("interposer, counting") { iterations in
                    for _ in 0..<iterations { lab_allocation_pair_interposed(64) }
                },
            ])
    }

    /// What counting adds to one executor switch: the counter's own steps (two runtime reads,
    /// a comparison, an atomic add), done without the switch: its time per step is the cost. (Timing an
    /// actor-to-actor call with counting on and off was tried first: on this shared machine the
    /// difference swung from run to run — counting off 2.4× slower in one run, 3% faster in the
    /// next — as the call's scheduling changed, so it did not isolate the counter's cost.)
    static func hops() -> BenchmarkSuite {
        BenchmarkSuite(
            name: "measurement cost: hop counter", kind: .primitive,
            summary: "what counting adds to one executor switch, done without switching",
            reference: "counting one switch",
            variants: [
                BenchmarkVariant("counting one switch") { iterations in HopCounter.countWithoutSwitching(iterations) }
            ])
    }

    /// One strong retain and release of a class instance per operation, through the retain
    /// interposer (counting) or straight to the runtime's functions: the difference is what the
    /// interposer adds to every retain/release pair of a counting program. Its counts are also a
    /// known workload: the interposed variant makes exactly 1 retain and 1 release per operation
    /// (the direct one none that are counted).
    static func retains() -> BenchmarkSuite {
        let object = RetainedObject()
        return BenchmarkSuite(
            name: "measurement cost: retain counter", kind: .primitive,
            summary:
                "a swift_retain/swift_release pair through the retain interposer (counting) or straight to the runtime",
            reference: "runtime directly",
            variants: [
                BenchmarkVariant("runtime directly") { iterations in
                    for _ in 0..<iterations { RetainCounter.retainAndRelease(object, bypassingTheCounter: true) }
                },
                BenchmarkVariant("interposer, counting") { iterations in
                    for _ in 0..<iterations { RetainCounter.retainAndRelease(object, bypassingTheCounter: false) }
                },
            ])
    }
}

/// What the retain-cost suite retains: any class instance would do.
private final class RetainedObject: Sendable {}
