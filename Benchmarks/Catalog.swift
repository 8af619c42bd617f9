import LabBench

/// Every suite `lab bench` knows, in report order: primitives first, then patterns.
public enum BenchmarkCatalog {
    public static func all() -> [BenchmarkSuite] {
        [
            EmptySuite.suite(),
            MeasurementCostSuites.allocations(),
            MeasurementCostSuites.hops(),
            MeasurementCostSuites.retains(),
            TaskPrimitivesSuite.suite(),
            ActorPrimitivesSuite.suite(),
            ContinuationSuite.suite(),
            StreamAndYieldSuite.suite(),
            LockSuites.uncontended(),
            LockSuites.contended(),
            IOFanOutSuite.suite(),
            CPUFanOutSuite.suite(),
            BlockingSuite.suite(),
            SlidingWindowSuite.suite(),
            CancellationSuite.suite(),
            FromGCDSuite.suite(),
            CountersSuite.suite(),
            MainActorFetchSuite.suite(),
            ObservingStateSuite.suite(),
            InventorySuite.transactions(),
            InventorySuite.fromTasks(),
            InventorySuite.fromProcesses(),
            InventorySuite.readsWhileWriting(),
        ]
    }
}
