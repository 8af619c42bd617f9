// mistake: yields and finishes, but never stops the sensor when the reader leaves
// expect: stop it in onTermination
import LabCore

func readings(from sensor: CaffeineSensor) -> AsyncStream<Double> {
    AsyncStream { continuation in
        sensor.start(onReading: { continuation.yield($0) }, onFinish: { continuation.finish() })
    }
}
