// mistake: forgets to finish the stream when the sensor is done
// expect: did not finish
import LabCore

func readings(from sensor: CaffeineSensor) -> AsyncStream<Double> {
    let (stream, continuation) = AsyncStream.makeStream(of: Double.self)
    continuation.onTermination = { _ in sensor.stop() }
    sensor.start(onReading: { continuation.yield($0) }, onFinish: { })
    return stream
}
