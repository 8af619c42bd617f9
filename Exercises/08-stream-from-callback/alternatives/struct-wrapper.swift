// alternative: a struct that owns the stream and its continuation and wires the callbacks
import LabCore

/// The sensor's feed: owns the stream's continuation and wires the callbacks to it.
struct SensorFeed {
    let stream: AsyncStream<Double>
    private let continuation: AsyncStream<Double>.Continuation

    init(sensor: CaffeineSensor) {
        (stream, continuation) = AsyncStream.makeStream(of: Double.self, bufferingPolicy: .unbounded)
        continuation.onTermination = { _ in sensor.stop() }
    }

    func begin(_ sensor: CaffeineSensor) {
        let continuation = continuation
        sensor.start(onReading: { continuation.yield($0) }, onFinish: { continuation.finish() })
    }
}

func readings(from sensor: CaffeineSensor) -> AsyncStream<Double> {
    let feed = SensorFeed(sensor: sensor)
    feed.begin(sensor)
    return feed.stream
}
