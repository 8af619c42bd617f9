// alternative: names the stream's default buffer, .unbounded, which keeps every reading
import LabCore

// Exercise 08 · solution: yield in the callback, finish at the end, stop on termination.

func readings(from sensor: CaffeineSensor) -> AsyncStream<Double> {
    let (stream, continuation) = AsyncStream.makeStream(of: Double.self, bufferingPolicy: .unbounded)
    continuation.onTermination = { _ in sensor.stop() }
    sensor.start(onReading: { continuation.yield($0) }, onFinish: { continuation.finish() })
    return stream
}
