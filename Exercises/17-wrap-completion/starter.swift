import LabScenarios

// Exercise 17 · continuations · An async query over a completion handler
//
// Coffee Tracker asks HealthKit for the caffeine samples added since an anchor.
// store.anchoredQuery(since:completion:) answers through a completion handler, on a
// background queue: (samples, deletedIDs, newAnchor, error).
//
// TODO: return the samples with `async throws`, wrapping the call in a checked
// continuation. Throw the store's error when there is one.

func caffeineSamples(since anchor: QueryAnchor?, in store: CaffeineHealthStore) async throws -> [CaffeineSample] {
    return []
}
