import Foundation
import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// Two bindings, one of which throws: where the error surfaces, and what happens to the other.
enum OneThrowsVariant {
    static let variant = LessonVariant("one-throws", title: "One binding throws: the error, and its sibling") {
        context in
        let console = context.console
        console.paragraph(
            """
            loadRoverPage() binds a slow manifest download (\(context.describe(sourceSeconds: 5))) \
            and a photo request that fails after \(context.describe(sourceSeconds: 1)). We await them \
            in both orders.
            """)
        let probe = context.probe
        let work = context.work
        var rows: [(String, Double, Bool)] = []
        for failingFirst in [true, false] {
            let label = failingFirst ? "failing one first" : "slow one first"
            let meter = ConcurrencyGauge()
            let (outcome, elapsed) = await Stopwatch.time {
                await probe.withLane(label) {
                    do {
                        try await loadRoverPage(probe: probe, work: work, failingFirst: failingFirst, cancelled: meter)
                        return "no error"
                    } catch {
                        return "\(error)"
                    }
                }
            }
            rows.append((label, elapsed, meter.peak > 0))
            console.output("await \(label): caught \"\(outcome)\" after \(elapsed.formattedAsDuration)")
        }
        context.record(
            "failing_first_error_seconds", "error reached the caller (failing one awaited first)", seconds: rows[0].1)
        context.record(
            "slow_first_error_seconds", "error reached the caller (slow one awaited first)", seconds: rows[1].1)
        context.record(
            "sibling_cancelled_failing_first", "slow sibling cancelled (failing one awaited first)", flag: rows[0].2)
        context.record(
            "sibling_cancelled_slow_first", "slow sibling cancelled (slow one awaited first)", flag: rows[1].2)
        // The failing request's own time, measured: a late run shows in it.
        let failingRequest =
            probe.spans.first { $0.name == "photos" && $0.lane.hasPrefix("failing one first") }?.duration ?? 0
        context.record(
            "failing_request_seconds", "the failing request took (failing one awaited first)", seconds: failingRequest)
        console.paragraph(
            OneThrowsNarration.paragraph(
                .init(
                    failingFirstSeconds: rows[0].1, siblingCancelled: rows[0].2, failingRequestSeconds: failingRequest,
                    slowFirstSeconds: rows[1].1, failingStated: work.scale.duration(sourceSeconds: 1).seconds,
                    slowStated: work.scale.duration(sourceSeconds: 5).seconds)))
    }

    static func loadRoverPage(probe: Probe, work: SimulatedWork, failingFirst: Bool, cancelled: ConcurrencyGauge)
        async throws
    {
        async let manifest: Void = probe.withLane("slow manifest") {
            do {
                try await probe.span("manifest", kind: .suspending) { try await work.suspend(sourceSeconds: 5) }
            } catch {
                probe.mark("manifest cancelled")
                cancelled.enter()
                throw error
            }
        }
        async let photos: Void = probe.withLane("failing photos") {
            try await probe.span("photos", kind: .suspending) { try await work.suspend(sourceSeconds: 1) }
            throw ServiceError.unavailable
        }
        if failingFirst {
            try await photos
            try await manifest
        } else {
            try await manifest
            try await photos
        }
    }
}
