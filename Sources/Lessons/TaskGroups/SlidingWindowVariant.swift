import Foundation
import LabConsole
import LabCore
import LabScenarios
import LabTrace
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
            Browsing by earth date pages through a rover's photos, \(MarsRoverClient.photosPerPage) per page at most. A group that adds \
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
            windowSentence(
                width: width, pages: pages.count,
                window: (peak: windowMeter.stats.maxInFlight, seconds: windowTime),
                unbounded: (peak: unboundedMeter.stats.maxInFlight, seconds: unboundedTime)))
        console.paragraph(
            pagesSentence(
                counts: pages.map { results[$0]?.count ?? 0 }, firstPage: pages.first ?? 1,
                perPage: MarsRoverClient.photosPerPage))
    }

    /// The two runs' figures (tested for each outcome): the window's peak is at most its width,
    /// and less where a busy machine answered one request before the next was added, so the
    /// sentence says the peak measured, not the width; "trades time" only where the window was slower.
    static func windowSentence(
        width: Int, pages: Int, window: (peak: Int, seconds: Double), unbounded: (peak: Int, seconds: Double)
    ) -> String {
        let figures =
            "With a window of \(width), the server never saw more than \(CountWords.of(window.peak, "request")) at once, "
            + "and the \(pages) pages took \(window.seconds.formattedAsDuration). All at once: \(unbounded.peak) in flight, "
            + "\(unbounded.seconds.formattedAsDuration). "
        return figures
            + (window.seconds > unbounded.seconds
                ? "The window trades time for load; its width is the knob."
                : "The window was not the slower on this run; its width still bounds the load the server sees.")
    }

    /// How the photos fell into the pages (tested for each outcome): a date with fewer photos than
    /// the pages hold leaves the last pages partial or empty, which a client asking for a fixed
    /// number of pages cannot know beforehand.
    static func pagesSentence(counts: [Int], firstPage: Int, perPage: Int) -> String {
        let total = counts.reduce(0, +)
        func pages(_ where: (Int) -> Bool) -> [Int] {
            counts.indices.filter { `where`(counts[$0]) }.map { $0 + firstPage }
        }
        func span(_ numbers: [Int]) -> String {
            guard let first = numbers.first, let last = numbers.last else { return "" }
            return numbers.count == 1 ? "page \(first)" : "pages \(first)–\(last)"
        }
        let full = pages { $0 == perPage }
        let partial = pages { $0 > 0 && $0 < perPage }
        let empty = pages { $0 == 0 }
        guard !partial.isEmpty || !empty.isEmpty else {
            return "All \(counts.count) pages came full, \(perPage) photos each: \(total) photos."
        }
        var parts: [String] = []
        if !full.isEmpty { parts.append("\(span(full)) came full (\(perPage) each)") }
        for page in partial { parts.append("page \(page) held \(counts[page - firstPage])") }
        if !empty.isEmpty { parts.append("\(span(empty)) came back empty") }
        let list = parts.count <= 1 ? parts.joined() : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
        return
            "The date had \(total) photos, not \(counts.count) × \(perPage): \(list). A client that asks for a fixed number of pages asks for those too; the photo manifest gives each date's total, and so its number of pages."
    }
}
