import Foundation
import LessonKit
import Testing

@testable import LabCore
@testable import LabScenarios
@testable import LabTrace
@testable import Lessons

@Suite("for-await lesson", .serialized)
@MainActor
struct ForAwaitLessonTests {
    @Test func theParentWritesTheDictionaryOneEntryAtATime() async throws {
        let report = try await LessonHarness.run(ForAwaitLesson(), ["time-stamps"])
        try expectEqual(report.value("time-stamps", "entries"), 5)
        try expectEqual(report.value("time-stamps", "writes_overlapping"), 1)
        let children = report.steps("time-stamps").filter { $0.name == "takesTooLong()" }
        expectEqual(children.count, 5)
    }

    @Test func streamsDeliverUntilFinishedOrFailed() async throws {
        let report = try await LessonHarness.run(ForAwaitLesson(), ["caffeine-stream", "throwing-stream"])
        try expectEqual(report.value("caffeine-stream", "readings"), 9)
        try expectEqual(report.value("throwing-stream", "pages_received"), 2)
        try expectEqual(report.value("throwing-stream", "requests"), 3)
        try expectEqual(report.figure("throwing-stream", "error").text, "request timed out")
    }

    @Test func onTerminationRunsWhenTheStreamEndsNotAtBreak() async throws {
        let report = try await LessonHarness.run(ForAwaitLesson(), ["early-exit"])
        // Counted from onTermination, not from the third photo: a consumer run late by a busy machine
        // rightly sees a 4th or 5th photo made first. After it, at most the one on its way.
        func madeAfterTermination(_ key: String) throws -> Double {
            try report.value("early-exit", "\(key)_produced_after_grace")
                - report.value("early-exit", "\(key)_produced_at_termination")
        }
        try expectEqual(report.figure("early-exit", "owned_termination").text, "cancelled")
        try expectAtMost(madeAfterTermination("owned"), 1)
        try expectEqual(report.figure("early-exit", "held_termination").text, "had not run")
        // How many more the held stream's producer made in the grace period is the machine's luck
        // (a starved producer makes none); that nothing stopped it is guaranteed, said with the
        // run's count, and it going on is forced in aBreakLeavesAHeldStreamsProducerRunning.
        let held = Int(try report.value("early-exit", "held_produced_after_grace"))
        let narration = try unwrap(report.variants.first { $0.name == "early-exit" }?.narration).joined(
            separator: "\n")
        expectContains(narration, "onTermination had not run: the producer went on to \(held) photos for nobody")
        try expectEqual(report.figure("early-exit", "cancelled_termination").text, "cancelled")
        try expectAtMost(madeAfterTermination("cancelled"), 1)
        try expectEqual(report.figure("early-exit", "finished_termination").text, "finished")
    }

    /// A `break` while the stream is held elsewhere ends nothing, forced: the producer makes two
    /// more photos after the break (were it stopped, this would hang until the time limit), and
    /// onTermination has not run.
    @Test(.timeLimit(.minutes(1))) func aBreakLeavesAHeldStreamsProducerRunning() async throws {
        let (feed, stream) = PhotoFeed.start(
            probe: Probe(), work: SimulatedWork(scale: TimeScale(factor: 0.001)), every: 0.5)
        for await photo in stream where photo == 3 { break }
        let atBreak = feed.produced
        while feed.produced < atBreak + 2 { try await Task.sleep(for: .milliseconds(1)) }
        expect(feed.termination == nil, "\(feed.termination ?? "")")
        withExtendedLifetime(stream) {}
        feed.producer.cancel()
        await feed.producer.value
    }

    @Test func earlyExitNarrationFollowsEachCase() {
        let ran = EarlyExitVariant.Case(
            name: "x", termination: "cancelled", producedAtTermination: 3, producedAfterGrace: 3)
        let late = EarlyExitVariant.Case(
            name: "y", termination: "cancelled", producedAtTermination: 3, producedAfterGrace: 5)
        let never = EarlyExitVariant.Case(
            name: "z", termination: nil, producedAtTermination: 12, producedAfterGrace: 12)
        let text = EarlyExitVariant.narration([ran, late, never])
        expectContains(text, "With x, onTermination ran with .cancelled and the producer stopped at 3.")
        expectContains(text, "With y, onTermination ran with .cancelled and the producer still made 2 more.")
        expectContains(text, "With z, onTermination had not run: the producer went on to 12 photos")
        // D1: the 12 were counted before the cancel, and the sentence says so in that order.
        expectNotContains(text, "until we cancelled it")
        let timed = EarlyExitVariant.narration([never], lookedAfter: "250 ms")
        expectContains(
            timed,
            "12 photos for nobody, counted 250 ms after the break, and nothing stopped it until our cancel() after that"
        )
    }

    @Test func theFirstAnswerCancelsTheRest() async throws {
        let report = try await LessonHarness.run(ForAwaitLesson(), ["first-answer"])
        // How many were still in flight is the run's luck (a late loop finds them answered); every
        // request either answered or was cancelled, and the first answer came.
        let cancelled = try report.value("first-answer", "first_cancelled")
        let completed = try report.value("first-answer", "first_completed")
        expect(completed >= 1 && cancelled + completed == 4)
        try expectEqual(report.value("first-answer", "reduce_answers"), 4)
    }

    /// The cancel itself, with mirrors that cannot answer first: one answers in 1 ms, three would
    /// take 10 s. Without `cancelAll()` the group waits for them, and they end completed.
    @Test func theFirstAnswerCancelsTheMirrorsStillInFlight() async throws {
        func behavior(_ seconds: Double) -> ServiceBehavior {
            ServiceBehavior(latency: .fixed(seconds), failures: .none, seed: 1, scale: TimeScale(factor: 0.001))
        }
        let meter = CallMeter()
        let mirrors =
            [JokeClient.simulated(behavior(1), meter: meter)]
            + (0..<3).map { _ in JokeClient.simulated(behavior(10_000), meter: meter) }
        _ = try await FirstAnswerVariant.firstAnswer(mirrors)
        expect(meter.stats.cancelled == 3 && meter.stats.completed == 1)
    }

    @Test func theFirstAnswersSentenceFollowsHowManyWereCancelled() {
        expectEqual(FirstAnswerVariant.cancelledWords(3), "cancelled the 3 requests still in flight")
        expectEqual(FirstAnswerVariant.cancelledWords(1), "cancelled the 1 request still in flight")
        expectContains(FirstAnswerVariant.cancelledWords(0), "nothing left to cancel")
    }
}

/// The buffering policies, checked on the experiment itself.
@Suite("AsyncStream buffering")
struct BufferingTests {
    let work = SimulatedWork(scale: TimeScale(factor: 0.001))

    @Test func bufferingNewestDropsTheOldest() async {
        let outcome = await BufferingExperiment.run(policy: .bufferingNewest(3), elements: 20, work: work)
        expectEqual(outcome.received, [18, 19, 20])
        expectEqual(outcome.dropped, Array(1...17), "the dropped ones are the oldest, in order")
        expectEqual(outcome.deepestBuffer, 3)
    }

    @Test func bufferingOldestDropsTheNewest() async {
        let outcome = await BufferingExperiment.run(policy: .bufferingOldest(3), elements: 20, work: work)
        expectEqual(outcome.received, [1, 2, 3])
        expectEqual(outcome.dropped, Array(4...20))
    }

    @Test func unboundedKeepsEverythingAndGrows() async {
        let outcome = await BufferingExperiment.run(policy: .unbounded, elements: 20, work: work)
        expect(outcome.received == Array(1...20) && outcome.dropped.isEmpty)
        expectEqual(outcome.deepestBuffer, 20)
    }
}
