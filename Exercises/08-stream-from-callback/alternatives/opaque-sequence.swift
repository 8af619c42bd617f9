// alternative: the solution's stream returned as some AsyncSequence<Double, Never>: the caller reads it with for await as it would an AsyncStream, its type hidden
import LabCore

// The stream behind an opaque type: callers see an async sequence of readings that never throws.

func readings(from sensor: CaffeineSensor) -> some AsyncSequence<Double, Never> {
    let (stream, continuation) = AsyncStream.makeStream(of: Double.self)
    continuation.onTermination = { _ in sensor.stop() }
    sensor.start(onReading: { continuation.yield($0) }, onFinish: { continuation.finish() })
    return stream
}
