// alternative: the closure initializer, AsyncStream(Double.self) { continuation in … }
import LabCore

// The closure initializer: it runs at once, handing over the continuation.
func readings(from sensor: CaffeineSensor) -> AsyncStream<Double> {
    AsyncStream(Double.self) { continuation in
        continuation.onTermination = { @Sendable _ in sensor.stop() }
        sensor.start(
            onReading: { reading in continuation.yield(reading) },
            onFinish: { continuation.finish() })
    }
}
