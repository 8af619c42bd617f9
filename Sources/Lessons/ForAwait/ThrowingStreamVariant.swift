import Foundation
import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// Rover photo pages as an AsyncThrowingStream that fails part-way.
enum ThrowingStreamVariant {
    static let variant = LessonVariant(
        "throwing-stream", title: "AsyncThrowingStream: photo pages until the server fails"
    ) { context in
        let console = context.console
        console.paragraph(
            """
            The Browse-by-date screen streams a day's photos page by page. The producer fetches pages \
            and yields them; when the server fails (page 3, here) it finishes the stream with that \
            error. The consumer's `for try await` gets pages 1 and 2, then the error.
            """)
        let rover = try requireRover("Perseverance")
        let meter = CallMeter()
        let failures = FailureInjection(rate: 1, error: .timedOut, onlyMatching: "page=3")
        let api = MarsRoverClient.simulated(
            context.behavior(latency: .jitter(base: 1, spread: 0.3), failures: failures), meter: meter)
        let probe = context.probe
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: (page: Int, photos: [MarsPhoto]).self)
        let producer = Task {
            await probe.withLane("producer") {
                do {
                    for page in 1...5 {
                        let photos = try await probe.span("photos page \(page)", kind: .suspending) {
                            try await api.photos(rover: rover, earthDate: "2024-02-20", page: page)
                        }
                        continuation.yield((page, photos))
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
        }
        var pages: [Int] = []
        var failure = "none"
        do {
            for try await page in stream {
                pages.append(page.page)
                console.output("page \(page.page): \(page.photos.count) photos")
            }
        } catch {
            failure = "\(error)"
            console.output("error: \(error)")
        }
        await producer.value
        context.record("pages_received", "pages received before the error", count: pages.count)
        context.record("error", "error", text: failure)
        context.record("requests", "requests made", count: meter.stats.calls)
        console.paragraph(
            """
            The consumer handled \(pages.count) pages, then caught "\(failure)". The producer \
            stopped at the failure, so pages 4 and 5 were never requested (\(meter.stats.calls) \
            requests in all).
            """)
    }
}
