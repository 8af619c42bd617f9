import Foundation
import Testing

@testable import LabCore
@testable import LabTrace
@testable import LessonKit
@testable import Lessons

@Suite("observing-state: what each watcher delivers, where, and at what cost", .serialized)
@MainActor
struct ObservingStateTests {
    func values(_ report: LessonReport, _ key: String) throws -> [Int] {
        try unwrap(report.figure("deliveries", "\(key)_values").text).split(separator: ", ").compactMap { Int($0) }
    }

    @Test func observationsCoalesceOneSynchronousStepAndTheStreamDoesNot() async throws {
        let report = try await LessonHarness.run(ObservingStateLesson(), ["deliveries"])
        for key in ["tracking", "polling"] + (Watcher.observationsAvailable ? ["observations"] : []) {
            let seen = try values(report, key)
            expect(!seen.contains(1) && !seen.contains(2), "\(key) saw an intermediate state: \(seen)")
            expectEqual(seen.last, 4, "\(key): \(seen)")
        }
        try expectEqual(values(report, "did_set_stream"), [1, 2, 3, 4], "didSet sends every change, no initial value")
    }

    @Test func onChangeRunsInsideTheChangeAndSeesTheOldValue() async throws {
        let report = try await LessonHarness.run(ObservingStateLesson(), ["deliveries"])
        let calls = try report.value("deliveries", "tracking_on_change_calls")
        expectEqual(calls, 2, "once per registration: the three-drink step, then the single drink")
        try expectEqual(report.value("deliveries", "tracking_on_change_inside"), calls)
        try expectEqual(report.figure("deliveries", "tracking_on_change_value").text, "0")
        // D3: each call's own reading, not the first one's for both.
        try expectEqual(report.figure("deliveries", "tracking_on_change_values").text, "0, 3")
    }

    @Test(.enabled(if: Watcher.observationsAvailable, "Observations needs Swift 6.2's runtime (macOS 26)"))
    func observationsRunsItsClosureOnTheModelsActorWhereverTheLoopRuns() async throws {
        let report = try await LessonHarness.run(ObservingStateLesson(), ["deliveries"])
        try expectEqual(report.figure("deliveries", "observations_closure_isolation").text, "main actor")
        try expectEqual(report.figure("deliveries", "observations_loop_isolation").text, "nonisolated")
    }

    @Test func everyWatcherDeliversEveryChangeWhenAwaited() async throws {
        let report = try await LessonHarness.run(ObservingStateLesson(), ["cost"])
        for kind in Watcher.Kind.allCases where kind != .observations || Watcher.observationsAvailable {
            try expectEqual(report.value("cost", "\(kind.key)_delivered"), Double(CostVariant.changes), "\(kind)")
            try expectAbove(report.value("cost", "\(kind.key)_latency"), 0)
        }
        if AllocationCounter.isAvailable {
            try expectNotEqual(report.figure("cost", "unwatched_mallocs_per_change").text, nil)
        }
    }

    @Test func deliveriesNarrationForEveryOutcome() {
        typealias Seen = DeliveriesVariant.Seen
        let coalesced = Seen(
            kind: .observations, values: [0, 3, 4], isolations: [.nonisolated], latency: 0.0001,
            closureIsolation: .mainActor)
        let everyOne = Seen(kind: .observations, values: [0, 1, 2, 3, 4], isolations: [.nonisolated], latency: nil)
        expectContains(DeliveriesNarration.sentences([coalesced])[0], "arrived as one change")
        expectContains(DeliveriesNarration.sentences([everyOne])[0], "its closure never ran")
        var tracking = Seen(kind: .tracking, values: [0, 3, 4], isolations: [.mainActor], latency: nil)
        tracking.onChangeCalls = 2
        tracking.onChangeInside = 2
        tracking.onChangeValue = 0
        expectContains(DeliveriesNarration.sentences([tracking])[0], "the old value")
        tracking.onChangeInside = 1
        expectContains(DeliveriesNarration.sentences([tracking])[0], "not always from inside the change")
        let stream = Seen(kind: .didSetStream, values: [1, 2, 3, 4], isolations: [.mainActor], latency: nil)
        expectContains(DeliveriesNarration.sentences([stream])[0], "delivered every change")
        let shortStream = Seen(kind: .didSetStream, values: [3, 4], isolations: [.mainActor], latency: nil)
        expectNotContains(DeliveriesNarration.sentences([shortStream])[0], "every change")
        let polled = Seen(kind: .polling, values: [0, 3, 4], isolations: [.mainActor], latency: 0.002)
        expectContains(DeliveriesNarration.sentences([polled])[0], "missed the intermediate states")
        let polledBetween = Seen(kind: .polling, values: [0, 2, 3, 4], isolations: [.mainActor], latency: 0.002)
        expectContains(DeliveriesNarration.sentences([polledBetween])[0], "saw states in between")
    }

    /// A4 and D3: a poll delivered late is not said to wait "up to an interval", and each
    /// onChange call's own reading is said, not the first one's for both.
    @Test func deliveriesNarrationSaysWhatWasMeasured() {
        typealias Seen = DeliveriesVariant.Seen
        let late = Seen(kind: .polling, values: [0, 3, 4], isolations: [.mainActor], latency: 0.00557)
        let lateText = DeliveriesNarration.sentences([late], pollInterval: 0.002)[0]
        expectNotContains(lateText, "up to an interval", "\(lateText)")
        expectContains(lateText, "5.57 ms after the change, more than one 2 ms interval")
        let prompt = Seen(kind: .polling, values: [0, 3, 4], isolations: [.mainActor], latency: 0.00211)
        let promptText = DeliveriesNarration.sentences([prompt], pollInterval: 0.002)[0]
        expect(promptText.contains("2.11 ms after the change.") && !promptText.contains("more than one"))
        expectNotContains(promptText, "up to an interval", "2.11 ms is not up to a 2 ms interval")
        var tracking = Seen(kind: .tracking, values: [0, 3, 4], isolations: [.mainActor], latency: nil)
        tracking.onChangeCalls = 2
        tracking.onChangeInside = 2
        tracking.onChangeValue = 0
        tracking.onChangeValues = [0, 3]
        let both = DeliveriesNarration.sentences([tracking])[0]
        expectContains(both, "read cups = 0, then 3 there: each time the old value", "\(both)")
        expectNotContains(both, "read cups = 0 there")
        tracking.onChangeValues = [0, 4]
        let odd = DeliveriesNarration.sentences([tracking])[0]
        expect(odd.contains("read cups = 0, then 4 there") && !odd.contains("old value"))
        // One call (a re-registration late for the second change): its count says its noun.
        tracking.onChangeCalls = 1
        tracking.onChangeInside = 1
        tracking.onChangeValues = [0]
        let once = DeliveriesNarration.sentences([tracking])[0]
        expectContains(
            once, "onChange was called 1 time, synchronously inside the change, on the changing code's actor")
        expectContains(once, "read cups = 0 there: the old value")
        expect(!once.contains("1 times") && !once.contains("each time"), "\(once)")
    }

    @Test func costNarrationForEveryOutcome() {
        typealias Cost = CostVariant.Cost
        func cost(_ kind: Watcher.Kind?, delivered: Int = 100, latency: Double? = 0.00001, mallocs: Int?) -> Cost {
            Cost(
                kind: kind, delivered: delivered, medianLatency: latency,
                run: CountedRun(operations: 100, mallocs: mallocs, bytes: nil, seconds: 0.01))
        }
        let counted = CostNarration.sentences(
            [
                cost(nil, mallocs: 200), cost(.didSetStream, latency: 0.000004, mallocs: 600),
                cost(.polling, latency: 0.002, mallocs: 1300),
            ],
            changes: 100)
        expect(counted.contains { $0.contains("The quickest to deliver was AsyncStream from didSet") })
        expect(counted.contains { $0.contains("Polling's median was 2 ms") })
        expect(counted.contains { $0.contains("the fewest were AsyncStream from didSet's (6)") })
        expect(!counted.contains { $0.contains("delivered") && $0.contains("of 100 changes") })
        let uncounted = CostNarration.sentences(
            [cost(nil, mallocs: nil), cost(.tracking, delivered: 97, mallocs: nil)], changes: 100)
        expect(uncounted.contains { $0.contains("withObservationTracking delivered 97 of 100 changes") })
        expect(uncounted.contains { $0.contains("llocations") && $0.contains("not counted") })
    }
}
