// mistake: yields the readings the example showed
// expect: expected
import LabCore

func readings(from sensor: CaffeineSensor) -> AsyncStream<Double> {
    AsyncStream { continuation in
        for value in [10.0, 20, 30, 40, 50, 60] { continuation.yield(value) }
        continuation.finish()
    }
}
