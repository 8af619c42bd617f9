import Dispatch
import Foundation
import LabCore

/// A callback-style source of many values: a "smart mug" reports the caffeine of
/// each sip to its delegate, from a background queue, until stopped.
protocol DrinkSensorDelegate: AnyObject, Sendable {
    func sensor(_ sensor: DrinkSensor, didMeasure milligrams: Double)
    func sensorDidFinish(_ sensor: DrinkSensor)
}

final class DrinkSensor: Sendable {
    private let state = Locked((delegate: (any DrinkSensorDelegate)?.none, running: false, reported: 0))
    private let queue = DispatchQueue(label: "lab.drink-sensor")
    private let interval: Duration
    private let sips: Int

    init(interval: Duration, sips: Int) {
        self.interval = interval
        self.sips = sips
    }

    func start(delegate: any DrinkSensorDelegate) {
        state.withLock {
            $0.delegate = delegate
            $0.running = true
        }
        scheduleSip(1)
    }

    func stop() { state.withLock { $0.running = false } }

    var reported: Int { state.withLock { $0.reported } }

    private func scheduleSip(_ number: Int) {
        queue.asyncAfter(deadline: .now() + .nanoseconds(Int(interval.seconds * 1e9))) { [self] in
            let delegate = state.withLock { state -> (any DrinkSensorDelegate)? in
                guard state.running else { return nil }
                state.reported += 1
                return state.delegate
            }
            guard let delegate else { return }
            if number > sips {
                delegate.sensorDidFinish(self)
                return
            }
            delegate.sensor(self, didMeasure: Double(8 + (number * 7) % 11))
            scheduleSip(number + 1)
        }
    }
}

/// The bridge: a delegate that yields each reading into an AsyncStream.
final class SensorStreamBridge: DrinkSensorDelegate {
    let continuation: AsyncStream<Double>.Continuation

    init(continuation: AsyncStream<Double>.Continuation) { self.continuation = continuation }

    func sensor(_ sensor: DrinkSensor, didMeasure milligrams: Double) { continuation.yield(milligrams) }
    func sensorDidFinish(_ sensor: DrinkSensor) { continuation.finish() }
}

extension DrinkSensor {
    /// The readings as an AsyncStream; ending the stream stops the sensor.
    func readings() -> AsyncStream<Double> {
        let (stream, continuation) = AsyncStream.makeStream(of: Double.self)
        let bridge = SensorStreamBridge(continuation: continuation)
        continuation.onTermination = { [self] _ in stop() }
        start(delegate: bridge)
        return stream
    }
}
