import Foundation
import LabConsole
import LabCore
import LabTrace
import LessonKit

/// Coffee Tracker's caffeine level as an AsyncStream built with `makeStream`.
enum CaffeineStreamVariant {
    /// The drinks of a morning: (hour, milligrams). Caffeine's half-life is about 5 hours.
    static let drinks: [(hour: Double, milligrams: Double)] = [(0, 95), (2, 63), (5, 150)]
    static let halfLife = 5.0

    /// Milligrams of caffeine in the body at `hour`.
    static func level(at hour: Double) -> Double {
        drinks.filter { $0.hour <= hour }.map { $0.milligrams * pow(0.5, (hour - $0.hour) / halfLife) }.reduce(0, +)
    }

    static let variant = LessonVariant(
        "caffeine-stream", title: "AsyncStream.makeStream: Coffee Tracker's caffeine level"
    ) { context in
        let console = context.console
        console.paragraph(
            """
            Coffee Tracker shows the caffeine in your body as it changes. A producer task computes \
            the level every simulated hour (an hour takes \(context.describe(sourceSeconds: 0.5))) and \
            yields it into an AsyncStream; the view reads it with `for await` and redraws. When the \
            producer finishes the stream, the loop ends.
            """)
        let (stream, continuation) = AsyncStream.makeStream(of: (hour: Int, milligrams: Double).self)
        let probe = context.probe
        let work = context.work
        let producer = Task {
            await probe.withLane("producer") {
                for hour in 0...8 {
                    continuation.yield((hour, level(at: Double(hour))))
                    probe.mark("yield hour \(hour)")
                    try? await work.suspend(sourceSeconds: 0.5)
                }
                continuation.finish()
            }
        }
        var readings = 0
        await probe.withLane("view (for await)") {
            for await reading in stream {
                readings += 1
                probe.mark("redraw hour \(reading.hour)")
                let bar = String(repeating: "▇", count: Int(reading.milligrams / 8))
                console.output("hour \(reading.hour): \(String(format: "%5.1f", reading.milligrams)) mg \(bar)")
            }
        }
        await producer.value
        context.record("readings", "readings received", count: readings)
        context.record("peak_mg", "peak level (mg)", count: Int((0...8).map { level(at: Double($0)) }.max() ?? 0))
        console.paragraph(
            """
            \(readings) readings, each drawn as it arrived. The loop ended by itself when the \
            producer called finish(): an AsyncStream is done when its continuation says so.
            """)
    }
}
