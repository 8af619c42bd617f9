// alternative: onFinish is the continuation's own finish, and onTermination holds the sensor weakly
import LabCore

// The continuation's own finish as onFinish; onTermination holds the sensor weakly.
func readings(from sensor: CaffeineSensor) -> AsyncStream<Double> {
    let (stream, continuation) = AsyncStream.makeStream(of: Double.self)
    continuation.onTermination = { [weak sensor] _ in sensor?.stop() }
    sensor.start(onReading: { continuation.yield($0) }, onFinish: continuation.finish)
    return stream
}
