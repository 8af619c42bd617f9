import LabConsole
import Testing

@testable import LabCore
@testable import LabTrace
@testable import LessonKit

/// The actors lesson once said "the five addStamp calls" above a table of "addStamp(task: N) ×4"
/// and "1 instant marker left out": one call, a dictionary store on the actor, took 902 ns, and
/// the table took every span under a microsecond for a marker. Whether a call is that quick is
/// up to the machine, so these tests record the calls with the probe and then give one of them
/// the length such a run measured: the same spans, every time.
@Suite("Steps table: a step quicker than a microsecond is a step, a mark is a marker")
struct QuickStepsTableTests {
    /// Five addStamp calls in five tasks, as the lesson records them, and one mark.
    func recorded() async -> [Span] {
        let probe = Probe()
        await withTaskGroup(of: Void.self) { group in
            for i in 1...5 {
                group.addTask { await probe.withLane("task \(i)") { probe.syncSpan("addStamp(task: \(i))") {} } }
            }
        }
        probe.mark("all stamped")
        return probe.spans
    }

    /// The spans, with the last addStamp call taking `seconds` as measured on some run.
    func recorded(lastStampTaking seconds: Double) async throws -> [Span] {
        var spans = await recorded()
        let last = try unwrap(spans.lastIndex { $0.name.hasPrefix("addStamp") })
        spans[last].end = spans[last].start + seconds
        return spans
    }

    func expectFiveStampsAndOneMarker(_ spans: [Span]) {
        let (shown, note) = LessonSession.collapsedSteps(spans, origin: spans.map(\.start).min())
        expectEqual(shown.rows.map { $0[0] }, ["addStamp(task: N) ×5"])
        expectEqual(note, "  (5 steps in 1 row, alike ones merged ×N; 1 instant marker left out: --steps lists each)")
    }

    @Test func aStepOf902NanosecondsKeepsItsPlaceInTheMergedRow() async throws {
        expectFiveStampsAndOneMarker(try await recorded(lastStampTaking: 902e-9))
    }

    /// A clock coarser than the step (or one read twice in the same tick) measures nothing:
    /// the step is still one, because the probe recorded it as a step.
    @Test func aStepTheClockMeasuredAsNothingIsStillAStep() async throws {
        expectFiveStampsAndOneMarker(try await recorded(lastStampTaking: 0))
    }

    @Test func theProbeRecordsWhichSpansAreMarks() async {
        let spans = await recorded()
        expectEqual(spans.filter(\.isInstant).map(\.name), ["all stamped"])
        expectEqual(spans.filter { !$0.isInstant }.count, 5)
    }

    /// Spans made before the record existed (or by hand) are marks only when they have no length.
    @Test func aSpanWithoutTheRecordIsAMarkOnlyWithNoLength() {
        let span = Span(
            id: 0, parent: nil, name: "s", lane: "l", kind: .step, isolation: .nonisolated, start: 1, end: 1,
            startThread: 1, endThread: 1)
        var quick = span
        quick.end = 1 + 902e-9
        expect(span.isInstant && !quick.isInstant)
    }
}
