import LabBench
import LabCore
import Lessons

/// A change to an @Observable model until a watcher has the new value, for each way of
/// watching (the observing-state lesson's cost variant: `ObservationRoundTrip`).
enum ObservingStateSuite {
    static func suite() -> BenchmarkSuite {
        BenchmarkSuite(
            name: "observing state", kind: .primitive,
            summary: "one change to an @Observable model, awaited until each watcher delivers it",
            reference: "withObservationTracking",
            variants: ObservationRoundTrip.kinds.map { kind in
                BenchmarkVariant(kind.name) { iterations in
                    let trip = await ObservationRoundTrip(key: kind.key)
                    await trip.run(changes: iterations)
                    await trip.stop()
                }
            })
    }
}
