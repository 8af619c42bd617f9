// alternative: nested @Sendable functions as the callbacks and as onTermination
import LabCore

func readings(from sensor: CaffeineSensor) -> AsyncStream<Double> {
    let (stream, continuation) = AsyncStream.makeStream(of: Double.self)
    @Sendable func received(_ reading: Double) { continuation.yield(reading) }
    @Sendable func sensorDone() { continuation.finish() }
    @Sendable func readerLeft(_ termination: AsyncStream<Double>.Continuation.Termination) {
        if sensor.isRunning { sensor.stop() }
    }
    continuation.onTermination = readerLeft
    sensor.start(onReading: received, onFinish: sensorDone)
    return stream
}
