// alternative: stops the sensor only on .cancelled (a finished sensor stopped itself), and also when a yield finds the stream terminated
import LabCore

// Stops the sensor only when the reader left (.cancelled): a finished sensor has stopped itself.
func readings(from sensor: CaffeineSensor) -> AsyncStream<Double> {
    let (stream, continuation) = AsyncStream<Double>.makeStream()
    continuation.onTermination = { termination in
        switch termination {
        case .cancelled:
            print("reader left; stopping the sensor")
            sensor.stop()
        case .finished:
            break
        @unknown default:
            sensor.stop()
        }
    }
    sensor.start(
        onReading: { value in
            if case .terminated = continuation.yield(value) { sensor.stop() }
        },
        onFinish: { continuation.finish() })
    return stream
}
