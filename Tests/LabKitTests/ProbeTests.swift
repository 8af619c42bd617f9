import Foundation
import Testing

@testable import LabConsole
@testable import LabCore
@testable import LabScenarios
@testable import LabTimeline
@testable import LabTrace

actor PhotoLibrary {
    func traced(_ probe: Probe) async {
        await probe.span("library work") {}
    }
}

func tracedNonisolated(_ probe: Probe) async {
    await probe.span("pool work") {}
}

@Suite("Trace: spans, lanes and isolation")
struct ProbeTests {
    let work = SimulatedWork(scale: .realTime)

    @Test func concurrentTasksProduceOverlappingSpans() async {
        let probe = Probe()
        // Each span waits in the hold until both are in it: with 100 ms sleeps, a pool busy with
        // the tests beside this one could start the second child after the first had ended.
        let both = PeakHold(peak: 2, patience: .seconds(60))
        async let first: Void = probe.withLane("first") {
            await probe.span("wait", kind: .suspending) { await both.enter() }
        }
        async let second: Void = probe.withLane("second") {
            await probe.span("wait", kind: .suspending) { await both.enter() }
        }
        _ = await (first, second)
        let spans = probe.spans
        expectEqual(spans.count, 2)
        expect(spans[0].overlaps(spans[1]))
        expectEqual(spans.maximumOverlap, 2)
        expectEqual(Set(spans.map(\.lane)), ["first", "second"])
    }

    @Test func sequentialAwaitsProduceSpansThatDoNotOverlap() async {
        let probe = Probe()
        for index in 1...3 {
            await probe.span("step \(index)", kind: .suspending) { try? await work.suspend(sourceSeconds: 0.02) }
        }
        let spans = probe.spans
        expectEqual(spans.count, 3)
        expectEqual(spans.maximumOverlap, 1)
        expect(!spans[0].overlaps(spans[1]) && !spans[1].overlaps(spans[2]))
    }

    @Test func recordsTheIsolationTheCodeRanIn() async {
        let probe = Probe()
        await MainActor.run { probe.syncSpan("main work") {} }
        await PhotoLibrary().traced(probe)
        await tracedNonisolated(probe)
        expectEqual(probe.spans.named("main work").first?.isolation, .mainActor)
        expectEqual(probe.spans.named("library work").first?.isolation, .actor("PhotoLibrary"))
        expectEqual(probe.spans.named("pool work").first?.isolation, .nonisolated)
    }

    @Test func nestedSpansKnowTheirParentAcrossChildTasks() async {
        let probe = Probe()
        await probe.span("parent") {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await probe.span("child") {} }
            }
        }
        let parent = probe.spans.named("parent")[0]
        expectEqual(probe.spans.named("child")[0].parent, parent.id)
    }

    @Test func twoTasksWithOneLabelGetTwoLanes() async {
        let probe = Probe()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    await probe.withLane("download") {
                        await probe.span("get", kind: .suspending) { try? await work.suspend(sourceSeconds: 0.05) }
                    }
                }
            }
        }
        expectEqual(Set(probe.spans.map(\.lane)).count, 2)
    }

    @Test func aDisabledProbeRecordsNothingAndStillRunsTheBody() async {
        let probe = Probe(enabled: false)
        let value = await probe.span("x") { 42 }
        expectEqual(value, 42)
        expect(probe.spans.isEmpty)
    }

    @Test func maximumOverlapCountsTouchingSpansAsSequential() {
        func span(_ start: Double, _ end: Double) -> Span {
            Span(
                id: 0, parent: nil, name: "s", lane: "l", kind: .step, isolation: .nonisolated,
                start: start, end: end, startThread: 1, endThread: 1)
        }
        expectEqual([span(0, 1), span(1, 2)].maximumOverlap, 1)
        expectEqual([span(0, 2), span(1, 3), span(1.5, 1.6)].maximumOverlap, 3)
    }
}

@Suite("Steps record how they ended")
struct SpanOutcomeTests {
    struct Boom: Error {}

    @Test func aThrowingStepIsFailedAndACancelledOneCancelled() async {
        let probe = Probe()
        _ = try? await probe.span("throws") { throw Boom() }
        let task = Task { try await probe.span("sleeps") { try await Task.sleep(for: .seconds(10)) } }
        task.cancel()
        _ = try? await task.value
        await probe.span("returns") {}
        let outcomes = Dictionary(uniqueKeysWithValues: probe.spans.map { ($0.name, $0.outcome) })
        expectEqual(outcomes["throws"], .failed)
        expectEqual(outcomes["sleeps"], .cancelled)
        expectEqual(outcomes["returns"], .some(nil))
        let timeline = TimelineRenderer(terminal: Terminal(isTTY: false, width: 100, usesColor: false)).render(
            probe.spans)
        expect(timeline.contains("✗") && timeline.contains("⊘"))
        expect(Table.spans(probe.spans).rows.contains { $0[0] == "throws ✗ failed" })
    }
}
