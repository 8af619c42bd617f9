import Foundation
import LabCore
import LessonKit

/// At most K requests in flight over many: add K children, then one per completion.
enum SlidingWindowVariant {
    static let width = 3
    static let pages = Array(1...18)

    static let variant = LessonVariant(
        "sliding-window", title: "A sliding window: \(width) requests in flight over \(pages.count)"
    ) { context in
        let console = context.console
        console.paragraph(
            """
            Browsing by earth date pages through a rover's photos, 25 per page. A group that adds \
            all \(pages.count) page requests at once would hit the server with \(pages.count) \
            requests; a polite client keeps a window of \(width): it adds \(width) children, then \
            one more each time one finishes.
            """)
        let rover = try requireRover("Curiosity")
        let (windowed, windowMeter) = context.marsData(latency: .jitter(base: 1, spread: 0.4))
        let (results, windowTime) = try await Stopwatch.time {
            try await windowed.photoPages(of: rover, earthDate: rover.maxDate, pages: pages, width: width)
        }
        let (unbounded, unboundedMeter) = context.marsData(latency: .jitter(base: 1, spread: 0.4))
        let unboundedTime = try await Stopwatch.time {
            try await context.probe.withLane("unbounded") {
                try await unbounded.photoPages(of: rover, earthDate: rover.maxDate, pages: pages, width: pages.count)
            }
        }.1
        context.record("window", "window width K", count: width)
        context.record("window_max_in_flight", "window: most requests in flight", count: windowMeter.stats.maxInFlight)
        context.record("window_total_seconds", "window: total", seconds: windowTime)
        context.record(
            "unbounded_max_in_flight", "all at once: most requests in flight", count: unboundedMeter.stats.maxInFlight)
        context.record("unbounded_total_seconds", "all at once: total", seconds: unboundedTime)
        context.record("photos", "photos fetched", count: results.values.map(\.count).reduce(0, +))
        console.paragraph(
            """
            With the window, the server never saw more than \(windowMeter.stats.maxInFlight) requests \
            at once, and the \(pages.count) pages took \(windowTime.formattedAsDuration), \(width) requests \
            at a time. All at once: \
            \(unboundedMeter.stats.maxInFlight) in flight, \(unboundedTime.formattedAsDuration). The \
            window trades time for load; its width is the knob.
            """)
    }
}
