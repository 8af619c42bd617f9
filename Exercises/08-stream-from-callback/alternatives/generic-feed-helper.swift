// alternative: a generic helper that makes a stream from any start/stop callback feed
import LabCore

/// Any start/stop callback feed as a stream: `start` is handed the two callbacks, `stop` is
/// called when the reader leaves.
func feed<Element: Sendable>(
    of _: Element.Type,
    start: (@escaping @Sendable (Element) -> Void, @escaping @Sendable () -> Void) -> Void,
    stop: @escaping @Sendable () -> Void
) -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
    continuation.onTermination = { _ in stop() }
    start({ continuation.yield($0) }, { continuation.finish() })
    return stream
}

func readings(from sensor: CaffeineSensor) -> AsyncStream<Double> {
    feed(of: Double.self, start: { sensor.start(onReading: $0, onFinish: $1) }, stop: { sensor.stop() })
}
