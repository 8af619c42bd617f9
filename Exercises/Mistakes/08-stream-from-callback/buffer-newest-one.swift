// mistake: keeps only the newest reading, losing readings a slow reader has not taken yet
// expect: expected
import LabCore

func readings(from sensor: CaffeineSensor) -> AsyncStream<Double> {
    let (stream, continuation) = AsyncStream.makeStream(of: Double.self, bufferingPolicy: .bufferingNewest(1))
    continuation.onTermination = { _ in sensor.stop() }
    sensor.start(onReading: { continuation.yield($0) }, onFinish: { continuation.finish() })
    return stream
}
