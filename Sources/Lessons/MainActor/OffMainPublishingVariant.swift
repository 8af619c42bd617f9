import Foundation
import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// "Discover concurrency in SwiftUI": a model changed from off the main actor can
/// change between SwiftUI's objectWillChange snapshot and the run loop's tick, and
/// the view misses the update. The joke app hit the same thing before @MainActor.
enum OffMainPublishingVariant {
    /// What SwiftUI does with an ObservableObject, reduced to its order of events: at
    /// objectWillChange it snapshots the value; at the next tick it compares the snapshot
    /// with the current value and redraws only if they differ, then forgets the change.
    final class SnapshottingView: Sendable {
        private struct State {
            var snapshot: String?
            var shown: String
            var ticksWhilePending = 0
        }
        private let state: Locked<State>

        init(showing value: String) { state = Locked(State(snapshot: nil, shown: value)) }

        func objectWillChange(current: String) {
            state.withLock { $0.snapshot = current }
        }

        /// One tick of the run loop; `current` reads the model as the tick sees it.
        func tick(current: String) {
            state.withLock { state in
                guard let snapshot = state.snapshot else { return }
                state.ticksWhilePending += 1
                if current != snapshot { state.shown = current }
                state.snapshot = nil
            }
        }

        var shown: String { state.withLock { $0.shown } }
    }

    /// The model before @MainActor: thread-safe (Swift 6 accepts it), changed from the
    /// global executor. Its storage is behind a lock, so there is no data race; the
    /// ordering problem remains.
    final class BackgroundPhotos: Sendable {
        private let storage = Locked("no photos yet")
        var items: String { storage.withLock { $0 } }

        /// A nonisolated async method: since SE-0338 (Swift 5.7) it runs on the global
        /// executor even when a main-actor caller awaits it.
        /// HAZARD, on purpose: it holds its pool thread for `window` so that a tick can land
        /// between objectWillChange and the write (a lesson must make the race likely).
        /// Returns where it ran and when the gap was open, on the probe's clock (the frames' clock).
        func updateItems(to value: String, view: SnapshottingView, window: Duration, probe: Probe) async
            -> (ranOn: Isolation, gap: ClosedRange<Double>)
        {
            let ranOn = Isolation.current()
            view.objectWillChange(current: items)
            // The gap between objectWillChange and the write, held open so a tick can land in
            // it (in an app it lasts nanoseconds, which is why this bug is rare and hard to catch).
            let opened = probe.now
            ThreadBlocker.hold(for: window)
            let closed = probe.now
            storage.withLock { $0 = value }
            return (ranOn, opened...closed)
        }
    }

    /// The fix: the model on the main actor, so objectWillChange, the write and the tick
    /// all take turns on it.
    @MainActor
    final class MainActorPhotos {
        private(set) var items = "no photos yet"

        /// HAZARD, on purpose: the same gap as `BackgroundPhotos.updateItems`, held on the main
        /// actor's thread this time, to show that the tick cannot land inside it.
        func updateItems(to value: String, view: SnapshottingView, window: Duration) {
            view.objectWillChange(current: items)
            ThreadBlocker.hold(for: window)  // the same gap, now inside one main-actor turn
            items = value
        }
    }

    struct Attempt: Sendable {
        let window: Duration
        let missed: Bool
        /// Frames the UI loop drew while the gap was held open: with none, no tick could land in it.
        var framesDuringGap = 0
        /// The UI loop's longest time without a frame during this attempt.
        var longestPause = 0.0
    }

    static let variant = LessonVariant(
        "off-main-publishing", title: "Publishing from off the main actor: the update the view misses"
    ) { context in
        let console = context.console
        console.paragraph(
            """
            WWDC21's Space Photos session: SwiftUI snapshots a model at objectWillChange and, at the \
            next tick of its main-actor run loop, redraws if the value differs from the snapshot. If \
            the model changes off the main actor, a tick can fall between the snapshot and the \
            write: it sees no difference, and the view never shows the new photos. We run that order \
            of events with a thread-safe model (Swift 6 accepts it) and with a @MainActor one.
            """)
        let newItems = "12 photos"
        var attempts: [Attempt] = []
        var ranOn = Isolation.nonisolated
        for window in [Duration.milliseconds(50), .milliseconds(100), .milliseconds(200)] {
            _ = context.stated(seconds: window.seconds)  // a window the lesson chose, said as a setting
            let model = BackgroundPhotos()
            let view = SnapshottingView(showing: model.items)
            var gap = 0.0...0.0
            let frames = try await WatchedUI.run(
                context, onFrame: { _, _ in view.tick(current: model.items) }, status: nil
            ) {
                // Awaited from the main actor, as the view's .task would.
                (ranOn, gap) = await model.updateItems(to: newItems, view: view, window: window, probe: context.probe)
            }
            attempts.append(
                Attempt(
                    window: window, missed: view.shown != newItems,
                    framesDuringGap: frames.frames(during: gap.lowerBound, gap.upperBound),
                    longestPause: frames.worstInterval))
            if attempts.last!.missed { break }
        }
        let fixedModel = MainActorPhotos()
        let fixedView = SnapshottingView(showing: fixedModel.items)
        let window = attempts.last!.window
        _ = try await WatchedUI.run(
            context, onFrame: { _, _ in fixedView.tick(current: fixedModel.items) }, status: nil
        ) {
            try await Task.sleep(for: .milliseconds(5))  // the download, awaited on the main actor
            fixedModel.updateItems(to: newItems, view: fixedView, window: window)
        }
        let fixedMissed = fixedView.shown != newItems
        console.output("off the main actor → the view shows \"\(attempts.last!.missed ? "no photos yet" : newItems)\"")
        console.output("@MainActor model  → the view shows \"\(fixedView.shown)\"")
        context.record("update_ran_on", "the plain model's async updateItems() ran on", text: ranOn.description)
        context.record("off_main_missed", "off the main actor, the view missed the update", flag: attempts.last!.missed)
        context.record("attempts", "attempts (window 50 ms, doubled each time)", count: attempts.count)
        context.record("main_actor_missed", "with @MainActor, the view missed the update", flag: fixedMissed)
        context.record(
            "frames_during_gaps", "off the main actor: frames drawn while a gap was held",
            count: attempts.map(\.framesDuringGap).reduce(0, +))
        context.record(
            "longest_frame_gap_seconds", "off the main actor: the UI loop's longest time without a frame",
            seconds: attempts.map(\.longestPause).max() ?? 0)
        let story = OffMainNarration.sentences(ranOn: ranOn, attempts: attempts, fixedMissed: fixedMissed)
        console.paragraph(story.joined(separator: " "))
    }
}

/// The variant's sentences, chosen from what was measured (tested for every outcome).
enum OffMainNarration {
    static func sentences(ranOn: Isolation, attempts: [OffMainPublishingVariant.Attempt], fixedMissed: Bool)
        -> [String]
    {
        let window = attempts.last?.window ?? .zero
        var lines: [String] = []
        switch ranOn {
        case .mainActor:
            lines.append(
                "The plain model's async updateItems() ran on the main actor here, so this run could not show the off-main case."
            )
        default:
            lines.append(
                """
                Awaited from the main actor, the plain model's async updateItems() ran \(ranOn): since \
                SE-0338 (Swift 5.7) a nonisolated async method does not run on its caller's actor (Swift 6.2's NonisolatedNonsendingByDefault setting changes that default). In \
                Swift 5.5 the joke app's fetchJoke() started on the main thread and only left it at \
                its first await, which is when Xcode's SwiftUI printed "Publishing changes from \
                background threads is not allowed". This lab has no SwiftUI, so nothing checks here: only the view's output shows it.
                """)
        }
        let missed = attempts.last?.missed ?? false
        if missed {
            lines.append(
                """
                A tick landed between objectWillChange and the write\(attempts.count > 1 ? " (on attempt \(attempts.count), with the gap held open \(window.seconds.formattedAsDuration))" : ""): \
                it compared the snapshot with the unchanged value, saw nothing new, and the view \
                kept showing the old state after the write. No lock prevents this; the problem is order, not a data race.
                """)
        } else if attempts.allSatisfy({ $0.framesDuringGap == 0 }) {
            // Measured: the UI loop drew nothing while any gap was held, so no tick could have landed
            // in one. The view caught the update, but this run could not show the race at all: it
            // is not said to "depend on timing" when no timing could have made it show.
            let pause = (attempts.map(\.longestPause).max() ?? 0).formattedAsDuration
            let held =
                ranOn == .mainActor
                ? " (the update held the main actor through the gap)"
                : " (the update held its pool thread through the gap; when-it-stops --variant main-starved measures what frames wait for then)"
            lines.append(
                """
                The view caught the update, but this run could not show the race: in \
                \(CountWords.of(attempts.count, "attempt")) (the gap held open up to \(window.seconds.formattedAsDuration)), \
                the UI loop drew no frame while the gap was held (its longest pause was \(pause)), so no tick \
                could land between objectWillChange and the write\(held).
                """)
        } else {
            lines.append(
                """
                No tick landed between objectWillChange and the write in \(CountWords.of(attempts.count, "attempt")) \
                (the gap held open up to \(window.seconds.formattedAsDuration)), so the view caught \
                the update this time. That is what makes the bug nasty: it depends on timing.
                """)
        }
        lines.append(
            fixedMissed
                ? "The @MainActor model missed the update too, which should not happen: please report this run."
                : "On the main actor, the snapshot, the write and the tick take turns, in order: the view showed the new photos. That is the session's fix: mark the model @MainActor and await the slow work."
        )
        return lines
    }
}
