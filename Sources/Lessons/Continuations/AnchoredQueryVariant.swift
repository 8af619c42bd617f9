import Foundation
import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// The HealthKit anchored query, wrapped with `withCheckedThrowingContinuation`.
enum AnchoredQueryVariant {
    static let variant = LessonVariant("anchored-query", title: "HealthKit's anchored query as an async function") {
        context in
        let console = context.console
        console.paragraph(
            """
            Coffee Tracker asks HealthKit for the caffeine samples added or deleted since its last \
            anchor. The stand-in store answers on a background queue, like HealthKit, after \
            \(context.describe(sourceSeconds: 0.5)) or so. Wrapped in a continuation, the call reads \
            `let result = try await store.queryCaffeine(since: anchor)`.
            """)
        let store = CaffeineHealthStore(behavior: context.behavior(latency: .jitter(base: 0.5, spread: 0.2)))
        let probe = context.probe
        _ = try await store.requestAuthorization()
        for (name, milligrams) in [("Espresso", 64.0), ("Latte", 128)] {
            try await store.save(CaffeineSample(milligrams: milligrams, date: Date()))
            console.output("saved \(name), \(Int(milligrams)) mg")
        }
        let callbackThread = Locked<UInt64>(0)
        let first = try await probe.span("await queryCaffeine(since: nil)", kind: .suspending) {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<CaffeineHealthStore.QueryResult, any Error>) in
                store.anchoredQuery(since: nil) { added, deleted, anchor, error in
                    callbackThread.withLock { $0 = currentThreadID() }
                    probe.mark("completion handler")
                    if let error {
                        continuation.resume(throwing: error)
                    } else {
                        continuation.resume(
                            returning: CaffeineHealthStore.QueryResult(added: added, deleted: deleted, anchor: anchor))
                    }
                }
            }
        }
        let resumed = probe.spans.named("await queryCaffeine(since: nil)").first
        let handler = probe.spans.named("completion handler").first
        console.output("query since nil: \(first.added.count) samples, anchor \(first.anchor?.version ?? 0)")
        try await store.save(CaffeineSample(milligrams: 95, date: Date()))
        let second = try await store.queryCaffeine(since: first.anchor)
        console.output("query since anchor \(first.anchor?.version ?? 0): \(second.added.count) new sample")

        context.record("first_query_samples", "first query: samples", count: first.added.count)
        context.record("second_query_samples", "query since the anchor: samples", count: second.added.count)
        context.record("handler_isolation", "the completion handler ran", text: handler?.isolation.description ?? "-")
        context.record("resumed_isolation", "the awaiting code ran on", text: resumed?.isolation.description ?? "-")
        context.record("store_calls", "store calls", count: store.meter.stats.calls)
        console.paragraph(
            """
            The completion handler ran \(handler?.isolation.description ?? "-") on a background \
            queue's thread (\(callbackThread.withLock { $0 })); the code after `await` went on running \
            on the \(resumed?.isolation.description ?? "-"), where it started. The anchor made the \
            second query return only what was new.
            """)
    }
}
