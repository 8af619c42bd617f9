import Foundation
import LabCore
import LabScenarios
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
        let probe = context.probe
        var loaded: [Int] = []
        let view = TaskModifier {
            await probe.withLane(".task of the photo view") {
                for page in 1...12 {
                    guard
                        let photos = try? await probe.span(
                            "page \(page)", kind: .suspending,
                            {
                                try await api.photos(rover: rover, earthDate: rover.maxDate, page: page)
                            })
                    else {
                        probe.mark("download stopped")
                        return
                    }
                    loaded.append(photos.count)
                }
            }
        }
        view.viewAppeared()
        probe.mark("view appeared")
        try await Task.sleep(for: context.scale.duration(sourceSeconds: 5))
        probe.mark("view disappeared")
        let gone = ContinuousClock.now
        view.viewDisappeared()
        await view.task?.value
        let ended = gone.duration(to: .now).seconds
        let callsAtEnd = meter.stats.calls
        try await Task.sleep(for: context.scale.duration(sourceSeconds: 2))  // would anything still call?
        let stats = meter.stats

        context.record("pages_loaded", "pages loaded while on screen", count: loaded.count)
        context.record("calls", "requests made", count: stats.calls)
        context.record("calls_after_task_ended", "requests after the task ended", count: stats.calls - callsAtEnd)
        context.record("cancelled_calls", "requests cancelled mid-flight", count: stats.cancelled)
        context.record("in_flight_after", "requests still in flight afterwards", count: stats.inFlight)
        context.record("task_end_seconds", "the task ended after disappearing by", seconds: ended)
        console.paragraph(
            """
            The view loaded \(loaded.count) pages. When it disappeared, the request in flight was \
            cancelled (\(stats.cancelled) cancelled), the task ended \(ended.formattedAsDuration) \
            later, and afterwards \(stats.inFlight) requests were in flight and \
            \(stats.calls - callsAtEnd) new ones were made: nothing outlived the view.
            """)
    }
}
