// alternative: the sensor feeds a stream of its own, which an unfolding stream reads through an actor (three hops for each event: passes since the check allows a few for each)
import LabCore


func readings(from sensor: CaffeineSensor) -> AsyncStream<Double> {
    let (inner, continuation) = AsyncStream.makeStream(of: Double.self)
    continuation.onTermination = { _ in sensor.stop() }
    sensor.start(
        onReading: { reading in
            continuation.yield(reading)
        },
        onFinish: { continuation.finish() })
    let box = IteratorBox(inner.makeAsyncIterator())
    return AsyncStream(unfolding: {
        let next = await box.next()
        return next
    }, onCancel: { sensor.stop() })
}

actor IteratorBox {
    var iterator: AsyncStream<Double>.Iterator
    init(_ iterator: AsyncStream<Double>.Iterator) { self.iterator = iterator }
    func next() async -> Double? {
        var it = iterator
        let value = await it.next(isolation: self)
        iterator = it
        return value
    }
}
