import Foundation
import LabScenarios
import LessonKit
import Testing

@testable import LabCore
@testable import LabTrace
@testable import Lessons

@Suite("task-groups lesson", .serialized)
@MainActor
struct TaskGroupsLessonTests {
    /// How many of the five waited at once is the scheduler's luck (a stalled machine may start
    /// the fifth only after the first has woken), so the run is checked for what is guaranteed
    /// (each task completed once; the sentence says the run's figure), and the five waiting
    /// together is proved by a rendezvous below.
    @Test func fiveTasksCompleteAndTheSentenceSaysHowManyWaitedAtOnce() async throws {
        let report = try await LessonHarness.run(TaskGroupsLesson(), ["five-tasks"])
        let overlap = Int(try report.value("five-tasks", "max_overlap"))
        expect((1...5).contains(overlap), "\(overlap)")
        let order = try report.figure("five-tasks", "completion_order").text ?? ""
        expectEqual(
            Set(order.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }),
            [
                "1", "2", "3", "4", "5",
            ])
        let narration = try unwrap(report.variants.first { $0.name == "five-tasks" }?.narration).joined(separator: "\n")
        expectContains(
            narration,
            overlap == 5
                ? "All five waited together (5 at once)" : "They did not all wait together (\(overlap) at once)")
    }

    /// What the variant teaches, forced: five children of a group all wait at once, since each
    /// waits until all five have arrived (were they run one after another, this would hang until
    /// the time limit).
    @Test(.timeLimit(.minutes(1))) func fiveChildrenOfAGroupAllWaitAtOnce() async {
        let arrivals = Arrivals(expected: 5)
        let order = await withTaskGroup(of: Int.self) { group in
            for i in 1...5 {
                group.addTask {
                    await arrivals.arriveAndWait()
                    return i
                }
            }
            var order: [Int] = []
            for await i in group { order.append(i) }
            return order
        }
        expectEqual(Set(order), Set(1...5))
        expectEqual(await arrivals.count, 5)
    }

    @Test func latestPhotosFansOutAfterTheRoverList() async throws {
        let report = try await LessonHarness.run(TaskGroupsLesson(), ["latest-photos"])
        let steps = report.steps("latest-photos")
        let list = try unwrap(steps.first { $0.name == "allRovers()" })
        let children = steps.filter { $0.name.hasPrefix("latestPhotos(") }
        expectEqual(children.count, 4)
        expect(children.allSatisfy { $0.startSeconds >= list.end }, "children start after the list arrives")
        // All four in flight at once is the run's luck; MarsDataTests proves the fan-out reaches
        // four with a backend that holds each call until four are in flight.
        let most = Int(try report.value("latest-photos", "max_in_flight"))
        expect((1...4).contains(most), "\(most)")
        let overlap = Int(try report.value("latest-photos", "children_at_once"))
        expect((1...4).contains(overlap), "\(overlap)")
        let narration = try unwrap(report.variants.first { $0.name == "latest-photos" }?.narration).joined(
            separator: "\n")
        expectContains(narration, "4 children \(LatestPhotosVariant.together(overlap, of: 4))")
        try expectEqual(report.value("latest-photos", "photos"), 3, "Spirit's failure became nil")
    }

    @Test func theChildrenSentenceFollowsTheirOverlap() {
        expectEqual(LatestPhotosVariant.together(4, of: 4), "ran together (4 at once)")
        expectEqual(LatestPhotosVariant.together(2, of: 4), "overlapped (at most 2 at once)")
        let none = LatestPhotosVariant.together(1, of: 4)
        expect(none.contains("did not overlap on this run") && !none.contains("overlapped"), none)
    }

    @Test func aFailingChildCancelsItsSiblings() async throws {
        let report = try await LessonHarness.run(TaskGroupsLesson(), ["failing-child"])
        let siblings = try report.value("failing-child", "siblings")
        let cancelled = try report.value("failing-child", "siblings_cancelled")
        // How many were cancelled is the run's luck (a sibling may answer before a late group
        // cancels it); MarsDataTests proves the cancel with siblings that cannot answer first.
        expectAtLeast(siblings, 1)
        expectEqual(cancelled + (try report.value("failing-child", "siblings_completed")), siblings)
        try expectEqual(report.figure("failing-child", "error").text, "service unavailable")
    }

    @Test func theSiblingsSentenceFollowsHowManyWereCancelled() {
        expectContains(FailingChildVariant.siblingsSentence(siblings: 3, cancelled: 3), "nobody waited")
        let some = FailingChildVariant.siblingsSentence(siblings: 3, cancelled: 2)
        expect(some.contains("2 were cancelled") && some.contains("1 had already answered"))
        let none = FailingChildVariant.siblingsSentence(siblings: 3, cancelled: 0)
        expect(none.contains("None of the 3") && !none.contains("nobody waited"))
        let one = FailingChildVariant.siblingsSentence(siblings: 3, cancelled: 1)
        expect(one.contains("1 was cancelled") && one.contains("2 had already answered"))
        expectContains(FailingChildVariant.siblingsSentence(siblings: 1, cancelled: 1), "1 was cancelled")
    }

    /// The suspending children all waiting at once is the run's luck (a busy machine starts some
    /// late, and the lesson then says so); the blocking ones cannot all run at once on fewer than
    /// five threads. Waves are chains of tasks one after another, so at most `p` at once makes at
    /// least ⌈5 ÷ p⌉ of them, on any machine: that is asserted, not the measured width, which is a
    /// peak of its own. The conclusion must be the one for the run's waves, each forced below.
    @Test func blockingChildrenRunInWavesAndTheConclusionFollowsTheWaves() async throws {
        // The shared run, at the shared scale: the waits are 250 ms. The lesson's sentence for
        // the executor's width is tested apart (OneCPUWordsTests).
        let report = try await LessonHarness.run(TaskGroupsLesson(), ["executor-width"])
        let suspending = Int(try report.value("executor-width", "suspending_waves"))
        let blocking = Int(try report.value("executor-width", "blocking_waves"))
        let blockingPeak = Int(try report.value("executor-width", "blocking_peak"))
        let suspendingPeak = Int(try report.value("executor-width", "suspending_peak"))
        expect((1...5).contains(suspending), "\(suspending)")
        expect((1...5).contains(blockingPeak), "\(blockingPeak)")
        expectAtLeast(blocking, (5 + blockingPeak - 1) / blockingPeak, "5 tasks, at most \(blockingPeak) at once")
        expectAtLeast(suspending, (5 + suspendingPeak - 1) / suspendingPeak)
        // One wave is all five at once, the peak says so too.
        expectEqual(blocking == 1, blockingPeak == 5)
        expectEqual(suspending == 1, suspendingPeak == 5)
        let narration = try unwrap(report.variants.first { $0.name == "executor-width" }?.narration).joined(
            separator: "\n")
        expectContains(narration, ExecutorWidthVariant.conclusion(blockingWaves: blocking, suspendingWaves: suspending))
    }

    @Test func theConclusionFollowsTheWaves() {
        expectContains(
            ExecutorWidthVariant.conclusion(blockingWaves: 3, suspendingWaves: 1), "holds only for the suspending")
        expectContains(
            ExecutorWidthVariant.conclusion(blockingWaves: 1, suspendingWaves: 1), "both versions ran all five at once")
        let late = ExecutorWidthVariant.conclusion(blockingWaves: 3, suspendingWaves: 2)
        expect(late.contains("not even the suspending tasks") && !late.contains("holds only"), late)
    }

    /// Waves count tasks one after another, not end times close together: ends staggered by a
    /// busy machine on four threads chain into one group by their gaps, though a thread ran two
    /// tasks in turn (the old count said 1 wave, and "a thread for each of the five").
    @Test func wavesAreTasksOneAfterAnotherNotEndsCloseTogether() {
        func wait(_ id: Int, _ start: Double, _ end: Double) -> Span {
            Span(
                id: id, parent: nil, name: "wait", lane: "blocking \(id)", kind: .blocking, isolation: .nonisolated,
                start: start, end: end, startThread: 1, endThread: 1)
        }
        // Four threads, starts staggered by 75 ms: ends 75 ms apart or less, yet the fifth task
        // waited for the first's thread.
        let staggered = [
            wait(1, 0, 0.25), wait(2, 0.075, 0.325), wait(3, 0.15, 0.4), wait(4, 0.225, 0.475), wait(5, 0.25, 0.5),
        ]
        expectEqual(ExecutorWidthVariant.waves(staggered), 2)
        let together = (1...5).map { wait($0, 0.01 * Double($0), 0.25 + 0.1 * Double($0)) }
        expectEqual(ExecutorWidthVariant.waves(together), 1, "all five waited at 0.05 s")
        let twoThreads = [
            wait(1, 0, 0.25), wait(2, 0, 0.25), wait(3, 0.25, 0.5), wait(4, 0.25, 0.5), wait(5, 0.5, 0.75),
        ]
        expectEqual(ExecutorWidthVariant.waves(twoThreads), 3)
        expectEqual(ExecutorWidthVariant.waves([]), 0)
    }

    /// The window is never exceeded (guaranteed); reaching it, and the unbounded group going past
    /// it, is the run's luck on a stalled machine. MarsDataTests proves both with a backend that
    /// holds each call until the width (or every page) is in flight.
    @Test func theWindowNeverExceedsK() async throws {
        let report = try await LessonHarness.run(TaskGroupsLesson(), ["sliding-window"])
        let window = try report.value("sliding-window", "window")
        let windowed = try report.value("sliding-window", "window_max_in_flight")
        expect(windowed >= 1 && windowed <= window, "\(windowed) of \(window)")
        let unbounded = try report.value("sliding-window", "unbounded_max_in_flight")
        expect(unbounded >= 1 && unbounded <= Double(SlidingWindowVariant.pages.count), "\(unbounded)")
        let narration = try unwrap(report.variants.first { $0.name == "sliding-window" }?.narration).joined(
            separator: "\n")
        expectContains(narration, "never saw more than \(CountWords.of(Int(windowed), "request")) at once")
        expectContains(narration, "All at once: \(Int(unbounded)) in flight")
    }

    /// The group still waits for every child (guaranteed); how many calls were in flight at once
    /// is the run's luck, and the children running at once is proved by a rendezvous below.
    @Test func aDiscardingGroupStillWaitsForEveryChild() async throws {
        let report = try await LessonHarness.run(TaskGroupsLesson(), ["discarding"])
        let children = try report.value("discarding", "children")
        try expectEqual(report.value("discarding", "cached_when_group_returned"), children)
        let most = try report.value("discarding", "max_in_flight")
        expect(most >= 1 && most <= children, "\(most)")
    }

    /// A discarding group's children all run at once (each waits until all twelve have arrived:
    /// run one after another, this would hang until the time limit), and the group returns only
    /// when every child has stored its result.
    @Test(.timeLimit(.minutes(1))) func aDiscardingGroupsChildrenRunAtOnceAndAreAllAwaited() async {
        let arrivals = Arrivals(expected: 12)
        let cache = DiscardingGroupVariant.PhotoCache()
        await withDiscardingTaskGroup { group in
            for back in 0..<12 {
                group.addTask {
                    await arrivals.arriveAndWait()
                    let photo = SpacePhoto(
                        title: "day -\(back)", description: "",
                        date: Date(timeIntervalSince1970: Double(-back) * 86_400),
                        url: URL(fileURLWithPath: "/"))
                    await cache.store(photo)
                }
            }
        }
        expectEqual(await cache.photos.count, 12)
    }

    /// A busy machine can answer a request before the next is added: the window's peak, not its
    /// width, is said as the requests at once (the old sentence added "3 requests at a time"
    /// beside a peak of 2), and the window is said to trade time only where it took longer.
    @Test func theWindowSentenceSaysThePeakMeasured() {
        let usual = SlidingWindowVariant.windowSentence(
            width: 3, pages: 18, window: (peak: 3, seconds: 0.4), unbounded: (peak: 18, seconds: 0.08))
        expectContains(
            usual,
            "With a window of 3, the server never saw more than 3 requests at once, and the 18 pages took 400 ms.")
        expectContains(usual, "All at once: 18 in flight, 80 ms. The window trades time for load")
        let stalled = SlidingWindowVariant.windowSentence(
            width: 3, pages: 18, window: (peak: 1, seconds: 0.4), unbounded: (peak: 1, seconds: 0.5))
        expectContains(stalled, "never saw more than 1 request at once")
        expectNotContains(stalled, "3 requests at a time")
        expectNotContains(stalled, "trades time")
        expectContains(stalled, "The window was not the slower on this run")
    }

    /// The manifests' peak is said as measured: "together" only where all were in flight at once.
    @Test func theManifestsSentenceFollowsThePeak() {
        expectEqual(
            ManifestsVariant.summary(manifests: 4, total: 0.28, peak: 4),
            "4 manifests in 280 ms, with 4 calls in flight at the peak (the rover list, then the 4 manifests together)."
        )
        let staggered = ManifestsVariant.summary(manifests: 4, total: 0.4, peak: 3)
        expectContains(staggered, "with 3 calls in flight at the peak")
        expectContains(staggered, "never all 4 at once: one was answered before another had started")
        expectNotContains(staggered, "together")
        expectContains(ManifestsVariant.summary(manifests: 4, total: 0.6, peak: 1), "with 1 call in flight")
    }

    /// D7: the pages' counts explain a total below pages × page size (141 photos over 18 pages of 25).
    @Test func thePagesSentenceExplainsPartialAndEmptyPages() {
        let counts = [25, 25, 25, 25, 25, 16] + Array(repeating: 0, count: 12)
        let text = SlidingWindowVariant.pagesSentence(counts: counts, firstPage: 1, perPage: 25)
        expectContains(text, "The date had 141 photos, not 18 × 25")
        expectContains(text, "pages 1–5 came full (25 each), page 6 held 16 and pages 7–18 came back empty")
        let full = SlidingWindowVariant.pagesSentence(counts: [25, 25], firstPage: 1, perPage: 25)
        expectEqual(full, "All 2 pages came full, 25 photos each: 50 photos.")
    }
}
