import LabCore

// Exercise 08 · for-await · A callback feed as an AsyncStream
//
// A smart mug's sensor reports each caffeine reading to a closure, and calls another
// closure when it is done. The app wants to read it with `for await`.
//
// TODO: return an AsyncStream of the sensor's readings, in order, that ends when the
// sensor finishes, and that stops the sensor when the reader stops reading.

func readings(from sensor: CaffeineSensor) -> AsyncStream<Double> {
    AsyncStream { continuation in
        continuation.finish()
    }
}
