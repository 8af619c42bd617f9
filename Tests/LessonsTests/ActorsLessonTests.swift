import Foundation
import LessonKit
import Testing

@testable import LabCore
@testable import LabScenarios
@testable import LabTrace
@testable import Lessons

@Suite("actors lesson", .serialized)
@MainActor
struct ActorsLessonTests {
    /// Tasks per counter experiment: one per CPU, and never fewer than two (a race needs two).
    nonisolated static let tasks = max(2, UsableCPUs.count)
    var tasks: Int { Self.tasks }

    // On one CPU the executor has one thread (or two taking turns): a loss is then impossible
    // or rare, and the lesson says so (CounterNarrationTests force those sentences).
    // The race runs in a process of its own (an exit test): a parallel `swift test` keeps the
    // pool's threads busy with other tests, and then the counting tasks take turns on one
    // thread and lose nothing — the test would measure its neighbours, not the race.
    @Test(.enabled(if: UsableCPUs.count > 1, "a race needs two CPUs this process may use"))
    func theUnsafeCounterCanLoseUpdates() async {
        await #expect(processExitsWith: .success) {
            await ActorsLessonTests.unsafeCounterLosesUpdates()
        }
    }

    nonisolated static func unsafeCounterLosesUpdates() async {
        let tasks = ActorsLessonTests.tasks
        // The lesson's own retry: the first attempt as is, then wider race windows. (Plain
        // attempts lost nothing in 5 of 5 once, under load: a race is luck, so it is widened.)
        var lost = await CounterExperiment.run(.unsafeClass, tasks: tasks, increments: 20_000).lostUpdates
        var attempt = 1
        while lost == 0 && attempt < CountersVariant.raceAttemptsAllowed {
            attempt += 1
            lost = await CounterExperiment.run(
                .unsafeClass, tasks: tasks, increments: 5_000,
                raceWindow: CountersVariant.raceWindow(attempt: attempt)
            ).lostUpdates
        }
        expectAbove(
            lost, 0, "\(attempt) contended attempts, the race window widened each time, and not one lost update")
    }

    @Test(arguments: [CounterKind.actor, .mutex, .atomic])
    func safeCountersNeverLoseAnUpdate(kind: CounterKind) async {
        let outcome = await CounterExperiment.run(kind, tasks: tasks, increments: 10_000)
        expectAtLeast(outcome.expected, 20_000)
        expectEqual(outcome.lostUpdates, 0)
    }

    /// One CPU gives a one-thread executor: more tasks than threads must still finish, each
    /// counter exact, and the experiment says how many started together (never more than ran).
    @Test(arguments: CounterKind.allCases)
    func moreTasksThanThreadsStillFinish(kind: CounterKind) async {
        let outcome = await CounterExperiment.run(kind, tasks: 64, increments: 200, patience: .milliseconds(20))
        expectEqual(outcome.expected, 12_800)
        expect((1...64).contains(outcome.startedTogether))
        if kind != .unsafeClass { expectEqual(outcome.lostUpdates, 0) }
    }

    @Test func theCountersVariantSaysHowManyTasksRanAtOnce() async throws {
        let report = try await LessonHarness.run(ActorsLesson(), ["counters"])
        for kind in ["unsafe_class", "actor", "mutex", "atomic"] {
            let together = try report.value("counters", "\(kind)_started_together")
            expect(together >= 1 && together <= Double(tasks), "\(kind): \(together)")
            let threads = try report.value("counters", "\(kind)_threads")
            expect(threads >= 1 && threads <= Double(tasks), "\(kind): \(threads) threads")
        }
        for kind in ["actor", "mutex", "atomic"] { #expect(try report.value("counters", "\(kind)_lost") == 0) }
    }

    /// The actor running one addStamp at a time is guaranteed; the five waits all at once is the
    /// scheduler's luck on a loaded machine, so the run's figure is checked against the sentence
    /// and the waits overlapping is proved by a rendezvous below.
    @Test func timeStoreSerialisesOnlyTheStateChange() async throws {
        let report = try await LessonHarness.run(ActorsLesson(), ["build-message"])
        try expectEqual(report.value("build-message", "entries"), 5)
        let waits = Int(try report.value("build-message", "waits_overlapping"))
        expect((1...5).contains(waits), "\(waits)")
        try expectEqual(report.value("build-message", "stamps_overlapping"), 1)
        try expectEqual(report.figure("build-message", "stamp_isolation").text, "actor TimeStore")
        try expectEqual(report.figure("build-message", "message").text, "Hello Jane Smith")
        // The sentence counts the spans the steps table lists: one number in both.
        let stamps = report.steps("build-message").filter { $0.name.hasPrefix("addStamp") }
        expectEqual(stamps.count, 5)
        let narration = report.variants.first { $0.name == "build-message" }?.narration ?? []
        expect(narration.contains { $0.contains("the 5 addStamp calls ran on the actor TimeStore") }, "\(narration)")
    }

    /// What the variant teaches, forced: five tasks all wait at once outside the actor (each waits
    /// until all five have arrived: run one after another, this would hang until the time limit),
    /// and the actor still runs their addStamp calls one at a time.
    @Test(.timeLimit(.minutes(1))) func theWaitsOverlapWhileTheStampsTakeTurns() async {
        let arrivals = Arrivals(expected: 5)
        let store = BuildMessageVariant.TimeStore()
        let probe = Probe()
        await withTaskGroup(of: Void.self) { group in
            for i in 1...5 {
                group.addTask {
                    await arrivals.arriveAndWait()
                    await store.addStamp(task: i, date: Date(), probe: probe)
                }
            }
        }
        expectEqual(await store.timeStamps.count, 5)
        let stamps = probe.spans.filter { $0.name.hasPrefix("addStamp") }
        expectEqual(stamps.count, 5)
        expectEqual(stamps.maximumOverlap, 1)
    }

    @Test func theWaitsSentenceFollowsTheirOverlap() {
        expectEqual(BuildMessageVariant.waitsSentence(count: 5, atOnce: 5), "The 5 waits overlapped (all 5 at once)")
        expectEqual(
            BuildMessageVariant.waitsSentence(count: 5, atOnce: 3), "The 5 waits overlapped (at most 3 at once)")
        let none = BuildMessageVariant.waitsSentence(count: 5, atOnce: 1)
        expect(none.contains("did not overlap on this run") && !none.contains("overlapped"), none)
    }

    /// The fixed cache's one download is guaranteed; the naive cache's second download needs a
    /// call to arrive during the first one's `await`, which a stalled machine may not give, so
    /// the run's count is checked against the sentence and reentrancy is forced below.
    @Test func theFixedCacheCallsTheServiceOnce() async throws {
        let report = try await LessonHarness.run(ActorsLesson(), ["reentrancy"])
        let naive = Int(try report.value("reentrancy", "naive_downloads"))
        expect((1...ReentrancyVariant.requests).contains(naive), "\(naive)")
        try expectEqual(report.value("reentrancy", "shared_downloads"), 1)
        let narration = try unwrap(report.variants.first { $0.name == "reentrancy" }?.narration)
        expect(narration.contains(ReentrancyVariant.naiveSentence(downloads: naive)), "\(narration)")
    }

    /// Reentrancy, forced: the service answers only when every view's call is in it at once, so
    /// the naive cache must let each call in during another's `await` (were the actor held across
    /// it, this would hang until the time limit), and each one downloads.
    @Test(.timeLimit(.minutes(1))) func theNaiveCacheLetsEveryCallInDuringTheDownload() async throws {
        let requests = ReentrancyVariant.requests
        let meter = CallMeter()
        let service = AnswersWhenAllHaveArrived(
            arrivals: Arrivals(expected: requests),
            inner: SpacePhotosClient.simulated(
                ServiceBehavior(latency: .fixed(0), seed: 1, scale: TimeScale(factor: 0.01)), meter: meter))
        let titles = try await ReentrancyVariant.requestTogether(
            NaivePhotoCache(service: service), day: Date(timeIntervalSince1970: 1_731_974_400), probe: Probe(),
            label: "naive")
        expectEqual(titles.count, requests)
        expectEqual(meter.stats.calls, requests, "every call found the cache empty and downloaded")
    }

    @Test func theNaiveSentenceFollowsTheDownloads() {
        expectContains(ReentrancyVariant.naiveSentence(downloads: 5), "downloaded the same photo 5 times")
        let once = ReentrancyVariant.naiveSentence(downloads: 1)
        expect(once.contains("downloaded the photo once on this run") && !once.contains("1 times"), once)
        expectContains(once, "One download, however many callers.")
    }

    /// Mutating first keeping every drink is guaranteed; how many the copy keeps depends on the
    /// calls' interleaving (the main actor runs the taps in turn, so every copy comes before any
    /// write back in practice), and the sentence must say the run's count (forced below).
    @Test func mutatingAcrossAnAwaitLosesDrinks() async throws {
        let report = try await LessonHarness.run(ActorsLesson(), ["coffee-tracker"])
        try expectEqual(report.value("coffee-tracker", "rule_kept"), 5)
        let copyKept = Int(try report.value("coffee-tracker", "copy_kept"))
        expect((1...5).contains(copyKept), "\(copyKept)")
        try expectEqual(report.value("coffee-tracker", "healthkit_saves"), 5)
        let narration = try unwrap(report.variants.first { $0.name == "coffee-tracker" }?.narration)
        expect(
            narration.contains(CoffeeTrackerVariant.narration(tapped: 5, ruleKept: 5, copyKept: copyKept)),
            "\(narration)")
    }

    @Test func theStoreLoadsOnItsActorAndTheJokeLandsOnTheMainActor() async throws {
        let report = try await LessonHarness.run(ActorsLesson(), ["joke-service"])
        try expectEqual(report.figure("joke-service", "load_isolation").text, "actor JokeServiceStore")
        try expectEqual(report.figure("joke-service", "assign_isolation").text, "main actor")
        try expectEqual(report.value("joke-service", "is_fetching_after"), 0)
        // B1: the client's nonisolated code ran off the actor, as the steps table says.
        try expectEqual(report.figure("joke-service", "download_isolation").text, "nonisolated")
        // The steps table names the download by the call that ran nonisolated, not by load(),
        // which ran on the actor: the row and the sentence say the same.
        let steps = report.steps("joke-service").map(\.name)
        expect(steps.contains("client.randomJoke()") && !steps.contains("load()"), "\(steps)")
    }

    /// B1: the sentence names where load() awaited and where the download ran, from the spans.
    @Test func theJokeServiceSentenceFollowsWhereEachPartRan() {
        let store = Isolation.actor("JokeServiceStore")
        let apart = JokeServiceVariant.narrate(
            awaitedOn: store, downloadRanOn: .nonisolated, assignedOn: .mainActor, isFetching: false, framesDuring: 3,
            downloadSeconds: 0.05)
        expectContains(
            apart, "load() ran on the actor JokeServiceStore and awaited the download, client.randomJoke(), there")
        expectContains(apart, "the client's code ran nonisolated, off every actor")
        expectNotContains(apart, "load() and the download")
        let together = JokeServiceVariant.narrate(
            awaitedOn: store, downloadRanOn: store, assignedOn: .mainActor, isFetching: false, framesDuring: 3,
            downloadSeconds: 0.05)
        expectContains(together, "load() and the download, client.randomJoke(), ran on the actor JokeServiceStore")
        expectContains(together, "isFetching went back to false")
    }

    /// "The main actor was free" comes with the run's witness: the UI loop's frames during the
    /// download, or that it drew none (a busy machine on one CPU, or a download shorter than a frame).
    @Test func theJokeServiceFreeMainActorSentenceFollowsTheFrames() {
        let store = Isolation.actor("JokeServiceStore")
        let drew = JokeServiceVariant.narrate(
            awaitedOn: store, downloadRanOn: .nonisolated, assignedOn: .mainActor, isFetching: false, framesDuring: 1,
            downloadSeconds: 0.05)
        expectContains(
            drew, "the main actor was free while the joke downloaded, and the UI loop drew 1 frame on it meanwhile.")
        let none = JokeServiceVariant.narrate(
            awaitedOn: store, downloadRanOn: .nonisolated, assignedOn: .mainActor, isFetching: false, framesDuring: 0,
            downloadSeconds: 0.0512)
        expectContains(
            none,
            "the main actor was free while the joke downloaded, though the UI loop drew no frame on it in the "
                + "download's 51.2 ms on this run.")
        expectNotContains(none, "frames on it meanwhile")
    }

    /// The completion is told from the return where it came after it (one CPU, session 58: the
    /// call returned after 2 ms and the completion 27.1 ms after the call, once said "27.1 ms
    /// later"), and as before the return where a busy machine ran the caller late.
    @Test func theShimSentenceSaysWhenTheCompletionCameFromTheReturn() {
        let after = DeprecatedShimsVariant.narrate(
            returnedAfter: 0.002, completionAfter: 0.0271, calls: 1, granted: true, ranOn: .nonisolated)
        expectContains(
            after,
            "The synchronous call returned after 2 ms; the completion came 25.1 ms after that "
                + "(27.1 ms after the call), once,")
        expectContains(after, "from the shim's Task, which ran nonisolated.")
        let before = DeprecatedShimsVariant.narrate(
            returnedAfter: 0.04, completionAfter: 0.026, calls: 1, granted: true, ranOn: .nonisolated)
        expectContains(
            before,
            "The completion came 26 ms after the call, before the synchronous call had returned "
                + "(it returned after 40 ms), once,")
        expectNotContains(before, "after that")
    }

    /// The lesson's sentence is the one its frame count chooses.
    @Test func theJokeServiceRunSaysWhatItsFramesShowed() async throws {
        let report = try await LessonHarness.run(ActorsLesson(), ["joke-service"])
        let during = Int(try report.value("joke-service", "frames_during_call"))
        let narration = try unwrap(report.variants.first { $0.name == "joke-service" }?.narration).joined(
            separator: "\n")
        expectContains(
            narration,
            during > 0 ? "the UI loop drew \(CountWords.of(during, "frame")) on it meanwhile" : "drew no frame")
    }
}

@Suite("Photo caches under concurrent requests")
struct PhotoCacheTests {
    @Test func sharedDownloadCacheCallsTheServiceOnceForManyCallers() async throws {
        let meter = CallMeter()
        let service = SpacePhotosClient.simulated(
            ServiceBehavior(latency: .fixed(2), seed: 1, scale: TimeScale(factor: 0.01)), meter: meter)
        let cache = SharedDownloadPhotoCache(service: service)
        let day = Date(timeIntervalSince1970: 1_700_000_000)
        try await withThrowingTaskGroup(of: SpacePhoto.self) { group in
            for _ in 0..<20 { group.addTask { try await cache.photo(for: day) } }
            try await group.waitForAll()
        }
        expectEqual(meter.stats.calls, 1)
    }

    @Test func aFailedDownloadIsNotCached() async throws {
        let meter = CallMeter()
        let failing = ServiceBehavior(
            latency: .fixed(1), failures: FailureInjection(rate: 1), seed: 1, scale: TimeScale(factor: 0.01))
        let cache = SharedDownloadPhotoCache(service: SpacePhotosClient.simulated(failing, meter: meter))
        let day = Date(timeIntervalSince1970: 1_700_000_000)
        await #expect(throws: ServiceError.self) { try await cache.photo(for: day) }
        await #expect(throws: ServiceError.self) { try await cache.photo(for: day) }
        expectEqual(meter.stats.calls, 2, "the second caller retried instead of getting the cached failure")
    }
}

@Suite("coffee-tracker wording follows the counts")
struct CoffeeTrackerNarrationTests {
    @Test func aLostDrinkIsExplainedAndNoLossIsCalledLuck() {
        let lost = CoffeeTrackerVariant.narration(tapped: 5, ruleKept: 5, copyKept: 1)
        expect(lost.contains("kept all 5 drinks") && lost.contains("kept 1: every call copied"))
        let lucky = CoffeeTrackerVariant.narration(tapped: 5, ruleKept: 5, copyKept: 5)
        expect(lucky.contains("luck, not a fix") && !lucky.contains("the last write won"))
        let some = CoffeeTrackerVariant.narration(tapped: 5, ruleKept: 5, copyKept: 3)
        expect(some.contains("kept 3 of 5") && !some.contains("every call copied"), some)
    }
}

@Suite("the counters' start barrier never waits for what cannot run")
struct StartBarrierTests {
    @Test func aBarrierThatCannotFillOpensAtItsTimeLimitAndSaysOneStarted() {
        let barrier = StartBarrier(parties: 3, patience: .milliseconds(10))
        barrier.arriveAndWait()
        expectEqual(barrier.startedTogether, 1)
        expectNotEqual(barrier.openedInstant, nil)
        barrier.arriveAndWait()  // a late arrival passes an open barrier
        expectEqual(barrier.startedTogether, 1)
        // Both arrivals came on this one thread, one after another: the barrier counts one thread.
        expectEqual(barrier.threads, 1)
    }

    /// Two OS threads always both run, even on one CPU (taking turns), so all arrive long
    /// before the time limit.
    @Test func aBarrierOpensWhenAllHaveArrived() async {
        let barrier = StartBarrier(parties: 2, patience: .seconds(600))
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let arrivals = Locked(0)
            for _ in 0..<2 {
                Thread {
                    barrier.arriveAndWait()
                    if arrivals.withLock({
                        $0 += 1
                        return $0
                    }) == 2 {
                        done.resume()
                    }
                }.start()
            }
        }
        expectEqual(barrier.startedTogether, 2)
        expectEqual(barrier.threads, 2, "two OS threads arrived")
    }
}

/// A photo service that answers only once `arrivals` has seen every expected call.
struct AnswersWhenAllHaveArrived: SpacePhotosService {
    let arrivals: Arrivals
    let inner: SpacePhotosClient

    func photo(for date: Date) async throws -> SpacePhoto {
        await arrivals.arriveAndWait()
        return try await inner.photo(for: date)
    }

    func randomPhotos(count: Int) async throws -> [SpacePhoto] { try await inner.randomPhotos(count: count) }
}
