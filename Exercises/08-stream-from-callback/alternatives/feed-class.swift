// alternative: a small class owns the continuation (never the stream: the sensor's callbacks hold the class, and a stream they held could not end when its reader leaves)
import LabCore
import Synchronization

/// Turns callbacks into a stream: one place that yields, finishes, and counts what it handed on.
final class CallbackFeed<Element: Sendable>: Sendable {
    private let continuation: AsyncStream<Element>.Continuation
    private let handedOn = Atomic<Int>(0)

    init(_ continuation: AsyncStream<Element>.Continuation, onReaderLeft: @escaping @Sendable () -> Void) {
        self.continuation = continuation
        continuation.onTermination = { _ in onReaderLeft() }
    }

    func receive(_ element: Element) {
        continuation.yield(element)
        handedOn.add(1, ordering: .relaxed)
    }

    func end() { continuation.finish() }
}

func readings(from sensor: CaffeineSensor) -> AsyncStream<Double> {
    let (stream, continuation) = AsyncStream.makeStream(of: Double.self)
    let feed = CallbackFeed(continuation, onReaderLeft: { sensor.stop() })
    sensor.start(onReading: { feed.receive($0) }, onFinish: { feed.end() })
    return stream
}
