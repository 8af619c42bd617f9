import Foundation
import LessonKit
import Testing

@testable import LabCore
@testable import LabScenarios
@testable import Lessons

@Suite("continuations lesson", .serialized)
@MainActor
struct ContinuationsLessonTests {
    @Test func theQueryResumesTheCallerOnItsOwnActor() async throws {
        let report = try await LessonHarness.run(ContinuationsLesson(), ["anchored-query"])
        try expectEqual(report.value("anchored-query", "first_query_samples"), 2)
        try expectEqual(report.value("anchored-query", "second_query_samples"), 1)
        try expectEqual(report.figure("anchored-query", "handler_isolation").text, "nonisolated")
        try expectEqual(report.figure("anchored-query", "resumed_isolation").text, "main actor")
    }

    @Test func bothTheAsyncFunctionAndTheShimSave() async throws {
        let report = try await LessonHarness.run(ContinuationsLesson(), ["async-alternative"])
        try expectEqual(report.value("async-alternative", "samples_saved"), 2)
        try expectEqual(report.value("async-alternative", "legacy_saved"), 1)
    }

    @Test func theDelegateStreamEndsAndStopsItsSource() async throws {
        let report = try await LessonHarness.run(ContinuationsLesson(), ["delegate-stream"])
        try expectEqual(report.value("delegate-stream", "sips"), 6)
        // Counted after the loop left, however late a busy machine ran it: stop() ran as it left,
        // and the sensor counts a report only while running, in one locked step.
        try expectAtLeast(report.value("delegate-stream", "second_reported"), 3)
        try expectEqual(
            report.value("delegate-stream", "second_reported_after_stop"), 0,
            "the sensor stopped when the loop left")
    }

    @Test func theSecondMugsSentenceFollowsWhatItDidAfterTheLoopLeft() {
        expectContains(DelegateStreamVariant.afterLeaving(0), "none after the loop left")
        expectContains(DelegateStreamVariant.afterLeaving(1), "went on reporting")
        expectContains(DelegateStreamVariant.afterLeaving(4), "went on reporting")
        expectNotContains(DelegateStreamVariant.afterLeaving(4), "fell silent")
    }

    @Test func theRuntimeReportsALeakAndStopsADoubleResume() async throws {
        let report = try await LessonHarness.run(ContinuationsLesson(), ["resume-once"])
        try expectEqual(report.value("resume-once", "leak_reported"), 1)
        try expectEqual(report.value("resume-once", "double_reported"), 1)
        try expectEqual(report.value("resume-once", "double_crashed"), 1)
        // A callback kept and never called: nothing reports it, and cancel() does not wake the task.
        try expectEqual(report.value("resume-once", "never_called_reported"), 0)
        try expectEqual(report.value("resume-once", "never_called_waits_after_cancel"), 1)
    }
}

/// Every path of every wrapper resumes exactly once: success, failure, cancellation.
/// (A checked continuation traps on a second resume, and a missing one would hang
/// the test until its time limit.)
@Suite("Continuation wrappers resume exactly once", .timeLimit(.minutes(1)))
struct ContinuationWrapperTests {
    func store(failing: Bool = false) -> CaffeineHealthStore {
        CaffeineHealthStore(
            behavior: ServiceBehavior(
                latency: .fixed(0.5), failures: FailureInjection(rate: failing ? 1 : 0),
                seed: 3, scale: TimeScale(factor: 0.002)))
    }

    @Test func successPaths() async throws {
        let store = store()
        #expect(try await store.requestAuthorization())
        try await store.save(CaffeineSample(milligrams: 64, date: Date()))
        #expect(try await store.queryCaffeine(since: nil).added.count == 1)
    }

    @Test func failurePaths() async {
        let store = store(failing: true)
        await #expect(throws: HealthStoreError.self) { try await store.requestAuthorization() }
        await #expect(throws: HealthStoreError.self) {
            try await store.save(CaffeineSample(milligrams: 1, date: Date()))
        }
        await #expect(throws: HealthStoreError.self) { try await store.queryCaffeine(since: nil) }
    }

    @Test func notAuthorizedPaths() async {
        let store = store()
        await #expect(throws: HealthStoreError.notAuthorized) {
            try await store.save(CaffeineSample(milligrams: 1, date: Date()))
        }
        await #expect(throws: HealthStoreError.notAuthorized) { try await store.queryCaffeine(since: nil) }
    }

    enum CancelMoment: CaseIterable { case beforeStart, midFlight, afterFinish }

    /// Each moment is reached by an event, not a timer: a download that would take two minutes
    /// is cancelled before or after it started; a 5 ms one is cancelled after its result arrived.
    /// (Ten seconds were once not enough: on one CPU shared with a busy process and the rest of
    /// the suite, the test's task ran again only after the download had ended by itself.)
    @Test(arguments: CancelMoment.allCases)
    func legacyDownloadResumesOnceWhenCancelledAtAnyMoment(moment: CancelMoment) async throws {
        let download = LegacyDownload(duration: moment == .afterFinish ? .milliseconds(5) : .seconds(120))
        let task = Task { try await CancellableDownload.withHandler(download) }
        switch moment {
        case .beforeStart:
            task.cancel()
        case .midFlight:
            while !download.isStarted { await Task.yield() }
            task.cancel()
        case .afterFinish:
            _ = await task.result
            task.cancel()
        }
        let result = await task.result
        if moment == .afterFinish {
            expectEqual((try? result.get()), 4_096, "finished before the cancel")
        } else {
            #expect(throws: CancellationError.self) { try result.get() }
        }
    }
}

@Suite("continuations lesson: what the check costs", .serialized)
@MainActor
struct ContinuationCheckCostTests {
    @Test func aCheckedContinuationAllocatesOncePerUseAndAnUnsafeOneDoesNot() async throws {
        let uses = Double(CheckCostVariant.uses)
        guard AllocationCounter.isAvailable else {
            let report = try await LessonHarness.run(ContinuationsLesson(), ["check-cost"])
            try expectEqual(report.value("check-cost", "checked_mallocs"), -1)
            return
        }
        // Process-wide counts: three tries, in case other tests allocate beside this one.
        var figures: [(checked: Double, unsafe: Double)] = []
        for attempt in 0..<3 {
            // The first try reads the lesson's shared run; a retry needs a run of its own.
            let report =
                attempt == 0
                ? try await LessonHarness.run(ContinuationsLesson(), ["check-cost"])
                : try await LessonHarness.freshRun(ContinuationsLesson(), ["check-cost"])
            figures.append(
                (try report.value("check-cost", "checked_mallocs"), try report.value("check-cost", "unsafe_mallocs")))
            if figures.last!.unsafe < uses / 4 { break }
        }
        expect(figures.allSatisfy { $0.checked >= uses }, "\(figures)")
        expect(figures.contains { $0.unsafe < uses / 4 }, "\(figures)")
    }
}
