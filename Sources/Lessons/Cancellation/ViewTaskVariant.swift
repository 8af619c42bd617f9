import Foundation
import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// A stand-in for SwiftUI's `.task` modifier: a task that lives as long as its view.
@MainActor
final class TaskModifier {
    private let action: @MainActor @Sendable () async -> Void
    private(set) var task: Task<Void, Never>?

    init(_ action: @escaping @MainActor @Sendable () async -> Void) { self.action = action }

    /// SwiftUI starts the task when the view appears…
    func viewAppeared() { task = Task { await action() } }

    /// …and cancels it when the view disappears.
    func viewDisappeared() { task?.cancel() }
}

/// A photo browser whose `.task` downloads a day of photos while it is on screen.
enum ViewTaskVariant {
    /// What one visit to the view did, from the meter and the task.
    struct Visit: Sendable, Equatable {
        /// The pages the view asks for, and how many it had loaded when its task ended.
        var pages = 12
        var pagesLoaded = 0
        /// Requests in flight at the moment the view disappeared.
        var inFlightAtLeaving = 0
        /// Requests answered after that moment: one in flight whose wait had already ended (a busy
        /// machine had not yet resumed it) is answered all the same, and only the next is cancelled.
        var answeredAfterLeaving = 0
        var calls = 0
        var cancelled = 0
        var inFlightAfter = 0
        var callsAfterTaskEnded = 0
        /// From the view disappearing to its task's end.
        var endedAfter: Double = 0
    }

    /// Shows the view, leaves when `leave` returns (the lesson: after a while; a test: at a
    /// moment it holds the backend for), and waits `linger` for any call made after the end.
    @MainActor
    static func visit(
        api: MarsRoverClient, meter: CallMeter, rover: Rover, pages: Int = 12, probe: Probe, linger: Duration,
        leave: @MainActor (TaskModifier) async throws -> Void
    ) async throws -> Visit {
        var loaded = 0
        let view = TaskModifier {
            await probe.withLane(".task of the photo view") {
                for page in 1...pages {
                    guard
                        (try? await probe.span(
                            "page \(page)", kind: .suspending,
                            {
                                try await api.photos(rover: rover, earthDate: rover.maxDate, page: page)
                            })) != nil
                    else {
                        probe.mark("download stopped")
                        return
                    }
                    loaded += 1
                }
            }
        }
        view.viewAppeared()
        probe.mark("view appeared")
        try await leave(view)
        probe.mark("view disappeared")
        let gone = ContinuousClock.now
        let atLeaving = meter.stats
        view.viewDisappeared()
        await view.task?.value
        let ended = gone.duration(to: .now).seconds
        let callsAtEnd = meter.stats.calls
        try await Task.sleep(for: linger)  // would anything still call?
        let stats = meter.stats
        return Visit(
            pages: pages, pagesLoaded: loaded, inFlightAtLeaving: atLeaving.inFlight,
            answeredAfterLeaving: stats.completed - atLeaving.completed, calls: stats.calls, cancelled: stats.cancelled,
            inFlightAfter: stats.inFlight, callsAfterTaskEnded: stats.calls - callsAtEnd,
            endedAfter: ended)
    }

    /// What leaving did, from the visit's figures: the user leaves mid-page, but a busy machine can
    /// run that code late, when a page has just arrived (its task not yet resumed) or after the last.
    static func narrate(_ visit: Visit) -> String {
        let pages = CountWords.of(visit.pagesLoaded, "page")
        let after =
            "afterwards \(CountWords.of(visit.inFlightAfter, "request")) \(CountWords.were(visit.inFlightAfter)) in flight "
            + "and \(CountWords.of(visit.callsAfterTaskEnded, "new one")) \(CountWords.were(visit.callsAfterTaskEnded)) made"
        let outlived = visit.inFlightAfter == 0 && visit.callsAfterTaskEnded == 0
        let verdict = outlived ? ": nothing outlived the view." : ": something outlived the view."
        guard visit.cancelled > 0 else {
            let ended: String
            if visit.pagesLoaded < visit.pages {
                ended = "The view loaded \(pages), and when it disappeared no request was cancelled"
            } else if visit.answeredAfterLeaving > 0 {
                ended =
                    "The view loaded all \(pages): the last was answered just as it disappeared (a busy machine ran "
                    + "the code that leaves late), so disappearing had nothing left to cancel"
            } else {
                ended =
                    "The view loaded all \(pages) before it disappeared (a busy machine ran the code that leaves "
                    + "late): every request had been answered, and disappearing had nothing to cancel"
            }
            let landed =
                visit.pagesLoaded < visit.pages
                ? CancelMoment.sentence(
                    pagesDone: visit.pagesLoaded, midPage: false, subject: "Leaving", late: "the pages",
                    canceller: "the code that leaves") : ""
            return ended + "; " + after + verdict + landed
        }
        let cancelled = "(\(visit.cancelled) cancelled)"
        let what: String
        if visit.inFlightAtLeaving == 0 {
            what =
                "no request was in flight (a page had just arrived, its task not yet resumed), and the next one was "
                + "cancelled as it began \(cancelled)"
        } else if visit.answeredAfterLeaving > 0 {
            what =
                "the request in flight was answered all the same (its wait had ended, its task not yet resumed), "
                + "and the next one was cancelled as it began \(cancelled)"
        } else {
            what = "the request in flight was cancelled \(cancelled)"
        }
        // Where leaving came, if not mid-page 3 as planned: the pages answered by then, and whether
        // a request was in flight (one whose wait had ended is answered all the same, after it).
        let landed = CancelMoment.sentence(
            pagesDone: visit.pagesLoaded - visit.answeredAfterLeaving, midPage: visit.inFlightAtLeaving > 0,
            subject: "Leaving", late: "the pages", canceller: "the code that leaves")
        return
            "The view loaded \(pages). When it disappeared, \(what), the task ended "
            + "\(visit.endedAfter.formattedAsDuration) later, and \(after)\(verdict)\(landed)"
    }

    static let variant = LessonVariant("view-task", title: "A view's .task is cancelled when the view disappears") {
        context in
        let console = context.console
        console.paragraph(
            """
            Space Photos and the rover app load in `.task { … }`. SwiftUI starts that task when the \
            view appears and cancels it when the view disappears. Our stand-in view pages through a \
            day of Perseverance photos (12 pages, \(context.describe(sourceSeconds: 2)) each); \
            the user leaves after \(context.describe(sourceSeconds: 5)), in the middle of page 3.
            """)
        let rover = try requireRover("Perseverance")
        let meter = CallMeter()
        let api = MarsRoverClient.simulated(context.behavior(latency: .fixed(2)), meter: meter)
        let visit = try await visit(
            api: api, meter: meter, rover: rover, probe: context.probe,
            linger: context.scale.duration(sourceSeconds: 2)
        ) { _ in try await Task.sleep(for: context.scale.duration(sourceSeconds: 5)) }
        context.record("pages_loaded", "pages the view's task loaded", count: visit.pagesLoaded)
        context.record("calls", "requests made", count: visit.calls)
        context.record(
            "in_flight_at_leaving", "requests in flight as the view disappeared", count: visit.inFlightAtLeaving)
        context.record(
            "answered_after_leaving", "requests answered after the view disappeared", count: visit.answeredAfterLeaving)
        context.record("calls_after_task_ended", "requests after the task ended", count: visit.callsAfterTaskEnded)
        context.record("cancelled_calls", "requests cancelled", count: visit.cancelled)
        context.record("in_flight_after", "requests still in flight afterwards", count: visit.inFlightAfter)
        context.record("task_end_seconds", "the task ended after disappearing by", seconds: visit.endedAfter)
        console.paragraph(narrate(visit))
    }
}
