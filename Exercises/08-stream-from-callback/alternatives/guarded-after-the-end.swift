// alternative: an atomic flag keeps anything from being yielded after the end; yield(with:) a Result
import LabCore
import Synchronization

/// Guards against a sensor that calls back after it finished: nothing is yielded after the end.
final class Ended: Sendable { let flag = Atomic<Bool>(false) }

func readings(from sensor: CaffeineSensor) -> AsyncStream<Double> {
    let (stream, continuation) = AsyncStream.makeStream(of: Double.self)
    let ended = Ended()
    continuation.onTermination = { _ in
        ended.flag.store(true, ordering: .releasing)
        sensor.stop()
    }
    sensor.start(
        onReading: { reading in
            guard !ended.flag.load(ordering: .acquiring) else { return }
            continuation.yield(with: .success(reading))
        },
        onFinish: {
            ended.flag.store(true, ordering: .releasing)
            continuation.finish()
        })
    return stream
}
