import Foundation
import LessonKit
import Testing

@testable import LabCore
@testable import LabScenarios
@testable import LabTrace
@testable import Lessons

@Suite("cancellation lesson", .serialized)
@MainActor
struct CancellationLessonTests {
    @Test func cancellingTheHandleStopsTheDownloadWithCancellationError() async throws {
        let report = try await LessonHarness.run(CancellationLesson(), ["task-handle"])
        // cancel() is due mid-way through page 3, a second of source time from either end; a busy
        // machine (the sanitizer, with builds beside it) can run it late. The sentence follows what
        // happened, each outcome forced below; whatever happened, the figures agree with each other.
        let outcome = try unwrap(try report.figure("task-handle", "download_outcome").text)
        let pages = try report.value("task-handle", "pages_before_cancel")
        let stopped = try report.value("task-handle", "download_cancelled_calls")
        expect(outcome == "CancellationError" || outcome == "finished 10 pages", "\(outcome)")
        if outcome == "CancellationError" {
            expectBelow(pages, 10)
            expect((0...1).contains(stopped))
        } else {
            expect(pages == 10 && stopped == 0)
        }
        // How many children cancelAll() stopped is luck (a busy machine runs it late); the
        // sentence follows the count, each outcome forced below.
        try expect((0...3).contains(try report.value("task-handle", "group_cancelled_calls")))
    }

    @Test func theDownloadSentenceFollowsWhatCancelFound() {
        let midPage = TaskHandleVariant.narrateDownload(
            outcome: "CancellationError", pagesLoaded: 2, stoppedMidFlight: 1)
        expect(midPage.contains("loaded 2 pages") && midPage.contains("the request in flight at cancel() stopped"))
        let between = TaskHandleVariant.narrateDownload(
            outcome: "CancellationError", pagesLoaded: 3, stoppedMidFlight: 0)
        expect(between.contains("came between two pages") && !between.contains("in flight at cancel() stopped"))
        let late = TaskHandleVariant.narrateDownload(outcome: "finished 10 pages", pagesLoaded: 10, stoppedMidFlight: 0)
        expect(late.contains("ended (finished 10 pages) before cancel() ran") && !late.contains("stopped at once"))
    }

    /// The opening times cancel() for the middle of page 3; where it landed elsewhere (measured
    /// under taskset -c 0 beside a busy CPU: 1 page loaded, page 2 in flight), the sentence says
    /// where, and which side ran late.
    @Test func theDownloadSentenceSaysWhereCancelLandedWhenNotMidPage3() {
        let planned = TaskHandleVariant.narrateDownload(
            outcome: "CancellationError", pagesLoaded: 2, stoppedMidFlight: 1)
        expectNotContains(planned, "due in the middle of page 3")
        let early = TaskHandleVariant.narrateDownload(
            outcome: "CancellationError", pagesLoaded: 1, stoppedMidFlight: 1)
        expectContains(early, "It was due in the middle of page 3, but the download ran late")
        expectContains(early, "so it came during page 2.")
        let gap = TaskHandleVariant.narrateDownload(outcome: "CancellationError", pagesLoaded: 2, stoppedMidFlight: 0)
        expectContains(
            gap,
            "the download ran late (a page's wait never ends early), so it came after page 2, before page 3 started."
        )
        let none = TaskHandleVariant.narrateDownload(outcome: "CancellationError", pagesLoaded: 0, stoppedMidFlight: 0)
        expectContains(none, "so it came before page 1 started.")
        expect(none.contains("this time cancel() came before the first page") && !none.contains("between two pages"))
        let late = TaskHandleVariant.narrateDownload(outcome: "CancellationError", pagesLoaded: 3, stoppedMidFlight: 1)
        expectContains(late, "but the code that cancels woke late, so it came during page 4.")
    }

    @Test func theGroupSentenceFollowsHowManyChildrenCancelAllStopped() {
        expectEqual(
            TaskHandleVariant.narrateGroup(cancelled: 3), "cancelAll() stopped 3 manifest downloads nobody needed.")
        expectEqual(
            TaskHandleVariant.narrateGroup(cancelled: 1), "cancelAll() stopped 1 manifest download nobody needed.")
        let none = TaskHandleVariant.narrateGroup(cancelled: 0)
        expect(none.contains("found nothing left to stop") && none.contains("the other manifests had arrived"))
        expectNotContains(none, "stopped 0")
    }

    @Test func aLoopThatNeverChecksRunsToTheEnd() async throws {
        let report = try await LessonHarness.run(CancellationLesson(), ["cooperative"])
        try expectEqual(report.value("cooperative", "unchecked_chunks"), 100)
        let checkedChunks = try report.value("cooperative", "checked_chunks")
        // "ran on after cancel()" is never negative (C1); a loop that ended first has its own figure.
        func signedLatency(_ key: String) throws -> Double {
            let ranOn = try report.value("cooperative", "\(key)_latency_seconds")
            expectAtLeast(ranOn, 0, "a loop cannot run on for a negative time after cancel()")
            guard ranOn == 0 else { return ranOn }
            return -(try report.value("cooperative", "\(key)_ended_before_seconds"))
        }
        let checkedLatency = try signedLatency("checked")
        let uncheckedLatency = try signedLatency("unchecked")
        // When cancel() came is luck: the code that calls it needs a thread, which one CPU or a
        // busy machine may give it only after the loops ended (measured under taskset -c 0 and
        // beside a sanitized build). Then the lesson must say so, not that the checking loop
        // stopped early; each sentence is forced in the narration tests.
        let text = CooperativeLoopVariant.narrate(
            unchecked: .init(chunksDone: 100, chunks: 100, stopLatency: uncheckedLatency),
            checked: .init(chunksDone: Int(checkedChunks), chunks: 100, stopLatency: checkedLatency),
            cpus: UsableCPUs.count)
        guard checkedLatency > 0 else {
            expectNotContains(text, "stopped after", "\(text)")
            return
        }
        // Not compared with the other loop's time after cancel(): that came at its own moment, and
        // a busy machine can hold either loop off its CPU after it. The checking loop stopping at
        // its next look is forced below.
        expect(checkedChunks < 100 || text.contains("after its last look at the flag"), "\(text)")
    }

    /// The loop that checks stops at its first look after cancel(); the other does every chunk.
    /// The cancel comes from inside chunk 10, so no scheduler decides when it lands.
    @Test func aLoopThatChecksStopsAtItsNextLook() async {
        func run(checks: Bool) async -> Int {
            await Task {
                var started = 0
                return CooperativeLoopVariant.render(chunks: 100, checks: checks) {
                    started += 1
                    // The running task cancels itself: the unsafe handle is used only inside this call.
                    if started == 10 { withUnsafeCurrentTask { $0?.cancel() } }
                }
            }.value
        }
        expectEqual(await run(checks: true), 10, "chunk 10 ran, and the look before chunk 11 saw the flag")
        expectEqual(await run(checks: false), 100)
    }

    /// Which wrapper's mean was lower is the run's timing (a preempted canceller makes the handler's
    /// late, a lucky poll makes polling's early): guaranteed is that onCancel runs inside cancel(),
    /// so every handler download that had started was reached before cancel() returned. That the
    /// handler reaches a download before polling does is forced below, with a nap held.
    @Test func theHandlerReachesTheDownloadInsideCancel() async throws {
        let report = try await LessonHarness.run(CancellationLesson(), ["handler"])
        // A download that ended before its task was cancelled (a late wake-up on a busy
        // machine) is counted, not averaged: the means cover the downloads cancel() reached.
        let reached = try report.value("handler", "handler_downloads_reached")
        let polled = try report.value("handler", "polling_downloads_reached")
        expect((0...5).contains(reached) && (0...5).contains(polled))
        let started = try report.value("handler", "handler_started_before_cancel")
        try expectAtLeast(report.value("handler", "handler_reached_inside_cancel"), started)
        guard reached > 0 else { return }
        let handler = try report.value("handler", "handler_mean_latency_seconds")
        expect(handler.isFinite && handler >= 0)
    }

    /// Polling sees the flag only when its nap ends (the nap held until the test lets it go, after
    /// cancel() returned); the handler has reached the download before cancel() returns.
    @Test(.timeLimit(.minutes(1)))
    func theHandlerReachesTheDownloadBeforePollingDoes() async throws {
        let (napping, napStarted) = AsyncStream.makeStream(of: Void.self)
        let nap = HeldNap()
        let polled = LegacyDownload(duration: .seconds(600))
        let polling = Task {
            try await CancellableDownload.polling(polled, every: .milliseconds(1)) { _ in
                napStarted.yield()
                await nap.wait()
            }
        }
        for await _ in napping { break }
        polling.cancel()
        expectEqual(polled.cancelledAt, nil, "polling has not looked at the flag yet")
        nap.end()
        await #expect(throws: CancellationError.self) { try await polling.value }
        expect(polled.cancelledAt != nil, "it did at its next look")

        let handled = LegacyDownload(duration: .seconds(600))
        let handler = Task { try await CancellableDownload.withHandler(handled) }
        while !handled.isStarted { await Task.yield() }
        handler.cancel()
        expect(handled.cancelledAt != nil, "onCancel ran inside cancel()")
        await #expect(throws: CancellationError.self) { try await handler.value }
    }

    /// Nothing outlives the view, whenever the user left (guaranteed: the task is awaited). What
    /// leaving cancelled is the run's timing: mid-page as planned, or, on a busy machine, as a page
    /// had just arrived or after the last. The sentence follows the figures; each moment is forced
    /// below with a held backend.
    @Test func nothingOutlivesTheView() async throws {
        let report = try await LessonHarness.run(CancellationLesson(), ["view-task"])
        let visit = ViewTaskVariant.Visit(
            pagesLoaded: Int(try report.value("view-task", "pages_loaded")),
            inFlightAtLeaving: Int(try report.value("view-task", "in_flight_at_leaving")),
            answeredAfterLeaving: Int(try report.value("view-task", "answered_after_leaving")),
            calls: Int(try report.value("view-task", "calls")),
            cancelled: Int(try report.value("view-task", "cancelled_calls")),
            inFlightAfter: Int(try report.value("view-task", "in_flight_after")),
            callsAfterTaskEnded: Int(try report.value("view-task", "calls_after_task_ended")),
            endedAfter: try report.value("view-task", "task_end_seconds"))
        expectEqual(visit.inFlightAfter, 0)
        expectEqual(visit.callsAfterTaskEnded, 0)
        expect((0...1).contains(visit.cancelled), "one task, one request at a time: \(visit)")
        expectEqual(visit.calls, visit.pagesLoaded + visit.cancelled, "every request loaded a page or was cancelled")
        let narration = try unwrap(report.variants.first { $0.name == "view-task" }?.narration).joined(separator: " ")
        expectContains(narration, ViewTaskVariant.narrate(visit))
    }

    /// The user leaves while page 3 is in flight (held until cancelled): that request is cancelled.
    @Test(.timeLimit(.minutes(1)))
    func leavingMidPageCancelsTheRequestInFlight() async throws {
        let visit = try await visitLeaving(at: .inFlight)
        expect(visit.pagesLoaded == 2 && visit.inFlightAtLeaving == 1 && visit.cancelled == 1, "\(visit)")
        expect(visit.inFlightAfter == 0 && visit.callsAfterTaskEnded == 0 && visit.calls == 3, "\(visit)")
        let text = ViewTaskVariant.narrate(visit)
        expect(
            text.contains("the request in flight was cancelled (1 cancelled)") && text.contains("nothing outlived"),
            text)
    }

    /// The user leaves as page 3 has arrived but before the task resumed (its answer held until
    /// cancelled): no request is in flight, and the next one is cancelled as it begins.
    @Test(.timeLimit(.minutes(1)))
    func leavingAsAPageArrivedCancelsTheNextRequest() async throws {
        let visit = try await visitLeaving(at: .answered)
        expect(visit.pagesLoaded == 3 && visit.inFlightAtLeaving == 0 && visit.cancelled == 1, "\(visit)")
        expect(visit.inFlightAfter == 0 && visit.callsAfterTaskEnded == 0 && visit.calls == 4, "\(visit)")
        let text = ViewTaskVariant.narrate(visit)
        expect(text.contains("no request was in flight") && !text.contains("the request in flight was"), text)
    }

    /// The user leaves as page 3's wait has ended but its task has not resumed (a busy machine): the
    /// request in flight at leaving is answered all the same, and the next one is cancelled as it
    /// begins. The figures at leaving are a mid-page cancel's; what was answered after tells them apart.
    @Test(.timeLimit(.minutes(1)))
    func leavingAsAWaitEndedAnswersTheRequestInFlight() async throws {
        let visit = try await visitLeaving(at: .waitOver)
        expect(visit.pagesLoaded == 3 && visit.inFlightAtLeaving == 1 && visit.answeredAfterLeaving == 1, "\(visit)")
        expect(visit.cancelled == 1 && visit.calls == 4 && visit.inFlightAfter == 0, "\(visit)")
        let text = ViewTaskVariant.narrate(visit)
        expect(
            text.contains("the request in flight was answered all the same")
                && text.contains("the next one was cancelled as it began (1 cancelled)")
                && !text.contains("the request in flight was cancelled"), text)
    }

    /// The same with the last page: all 12 loaded, the last answered as the view disappeared;
    /// nothing to cancel, and the sentence does not say the task had ended before.
    @Test(.timeLimit(.minutes(1)))
    func leavingAsTheLastWaitEndedCancelsNothing() async throws {
        let visit = try await visitLeaving(at: .waitOver, page: 12)
        expect(visit.pagesLoaded == 12 && visit.cancelled == 0 && visit.answeredAfterLeaving == 1, "\(visit)")
        let text = ViewTaskVariant.narrate(visit)
        expect(
            text.contains("the last was answered just as it disappeared") && text.contains("nothing left to cancel")
                && !text.contains("before it disappeared"), text)
    }

    /// The user leaves after the last page (a busy machine ran the leaving code late): nothing to
    /// cancel, and the sentence does not say a request was.
    @Test(.timeLimit(.minutes(1)))
    func leavingAfterTheLastPageCancelsNothing() async throws {
        let visit = try await visitLeaving(at: nil)
        expect(visit.pagesLoaded == 12 && visit.cancelled == 0 && visit.calls == 12, "\(visit)")
        let text = ViewTaskVariant.narrate(visit)
        expect(text.contains("loaded all 12 pages") && text.contains("nothing to cancel"), text)
        expect(!text.contains("was cancelled") && text.contains("nothing outlived the view"), text)
    }

    /// Leaving is planned mid-page 3; where it came elsewhere the sentence says where and which side
    /// ran late (neither a page nor the leaving code's sleep ends early), and says nothing where it
    /// came as planned.
    @Test func theViewSentenceSaysWhereLeavingCameWhenNotMidPage3() {
        let planned = ViewTaskVariant.narrate(.init(pagesLoaded: 2, inFlightAtLeaving: 1, calls: 3, cancelled: 1))
        expectNotContains(planned, "was due")
        let early = ViewTaskVariant.narrate(.init(pagesLoaded: 1, inFlightAtLeaving: 1, calls: 2, cancelled: 1))
        expectContains(
            early,
            "Leaving was due in the middle of page 3, but the pages ran late (a page's wait never ends early), "
                + "so it came during page 2.")
        let late = ViewTaskVariant.narrate(.init(pagesLoaded: 4, inFlightAtLeaving: 1, calls: 5, cancelled: 1))
        expectContains(late, "but the code that leaves woke late, so it came during page 5.")
        let arrived = ViewTaskVariant.narrate(.init(pagesLoaded: 3, calls: 4, cancelled: 1))
        expectContains(arrived, "so it came after page 3, before page 4 started.")
        let answered = ViewTaskVariant.narrate(
            .init(pagesLoaded: 3, inFlightAtLeaving: 1, answeredAfterLeaving: 1, calls: 4, cancelled: 1))
        expectNotContains(answered, "was due")
        let between = ViewTaskVariant.narrate(.init(pagesLoaded: 1, calls: 1))
        expectContains(between, "so it came after page 1, before page 2 started.")
        let all = ViewTaskVariant.narrate(.init(pagesLoaded: 12, calls: 12))
        expectNotContains(all, "was due")
    }

    @Test func theViewSentenceSaysEachCountInWords() {
        let one = ViewTaskVariant.narrate(.init(pagesLoaded: 1, inFlightAtLeaving: 1, calls: 2, cancelled: 1))
        expect(
            one.contains("loaded 1 page.") && one.contains("0 requests were in flight and 0 new ones were made"), one)
        let left = ViewTaskVariant.narrate(.init(pagesLoaded: 4, calls: 5, cancelled: 1, inFlightAfter: 1))
        expect(left.contains("1 request was in flight") && left.contains("something outlived the view"), left)
    }

    /// A visit whose backend answers at once except page 3, held at `moment` until the view's task
    /// is cancelled; the user leaves when page 3 reaches that moment, or (nil) after the task ended.
    func visitLeaving(at moment: HeldPage.Moment?, page: Int = 3) async throws -> ViewTaskVariant.Visit {
        let meter = CallMeter()
        let behavior = ServiceBehavior(latency: .fixed(0), seed: 1, scale: TimeScale(factor: 0.01))
        let (reached, signal) = AsyncStream.makeStream(of: Void.self)
        let held = HeldPage(
            page: page, moment: moment ?? .inFlight, meter: meter,
            answering: MarsRoverClient.simulated(behavior, meter: meter).transport,
            unmetered: MarsRoverClient.simulated(behavior, meter: CallMeter()).transport, reached: signal)
        let api = MarsRoverClient(transport: moment == nil ? held.answering : held)
        let rover = try unwrap(try MarsRoverClient.fixtureRovers().first { $0.name == "Perseverance" })
        return try await ViewTaskVariant.visit(
            api: api, meter: meter, rover: rover, probe: Probe(), linger: .milliseconds(1)
        ) { view in
            if moment == nil {
                await view.task?.value
            } else {
                for await _ in reached { break }
            }
        }
    }
}

/// A backend that answers every page at once but page `page`: in flight (counted by the meter)
/// until its task is cancelled; or answered and then held, its answer not yet returned, until
/// then; or in flight with its wait over (`waitOver`: as the real transport between its timer and
/// its task resuming), answered once the task is cancelled. `reached` hears when page `page` is at
/// that moment.
struct HeldPage: Transport {
    enum Moment: Sendable { case inFlight, answered, waitOver }
    let page: Int
    let moment: Moment
    let meter: CallMeter
    let answering: any Transport
    /// The same answers, counted by no meter of the visit's: the held call counts itself.
    let unmetered: any Transport
    let reached: AsyncStream<Void>.Continuation

    func data(for request: ServiceRequest) async throws -> Data {
        guard request.operation == "photos", request.parameters["page"] == "\(page)" else {
            return try await answering.data(for: request)
        }
        switch moment {
        case .inFlight:
            _ = meter.begin(key: request.key)
            reached.yield()
            // Task.sleep wakes on cancellation: only the view's cancel ends this call.
            do { try await Task.sleep(for: .seconds(600)) } catch {}
            meter.end(.cancelled)
            throw CancellationError()
        case .answered:
            let data = try await answering.data(for: request)
            reached.yield()
            try? await Task.sleep(for: .seconds(600))
            return data
        case .waitOver:
            _ = meter.begin(key: request.key)
            let data = try await unmetered.data(for: request)
            reached.yield()
            try? await Task.sleep(for: .seconds(600))
            meter.end(.completed)
            return data
        }
    }
}

/// A nap that ends only when the test ends it: not on cancellation, as a timer's would not (an
/// AsyncStream's wait would: its iterator returns nil when the task is cancelled).
final class HeldNap: Sendable {
    private struct State {
        var ended = false
        var sleeper: CheckedContinuation<Void, Never>?
    }
    private let state = Locked(State())

    func wait() async {
        await withCheckedContinuation { continuation in
            let endedAlready = state.withLock { state -> Bool in
                if !state.ended { state.sleeper = continuation }
                return state.ended
            }
            if endedAlready { continuation.resume() }
        }
    }

    func end() {
        let sleeper = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.ended = true
            defer { state.sleeper = nil }
            return state.sleeper
        }
        sleeper?.resume()
    }
}
