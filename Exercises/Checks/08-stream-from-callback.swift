import Dispatch
import Foundation
import LabKit

/// A sensor with a callback API: a reading every 5 ms on a background queue.
final class CaffeineSensor: Sendable {
    private let state = Locked((running: false, delivered: 0))
    private let readings: Int

    init(readings: Int) { self.readings = readings }

    func start(onReading: @escaping @Sendable (Double) -> Void, onFinish: @escaping @Sendable () -> Void) {
        state.withLock { $0.running = true }
        tick(1, onReading, onFinish)
    }

    func stop() { state.withLock { $0.running = false } }
    var isRunning: Bool { state.withLock { $0.running } }
    var delivered: Int { state.withLock { $0.delivered } }

    private func tick(_ number: Int, _ onReading: @escaping @Sendable (Double) -> Void, _ onFinish: @escaping @Sendable () -> Void) {
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5)) { [self] in
            guard state.withLock({ $0.running }) else { return }
            if number > readings {
                state.withLock { $0.running = false }
                return onFinish()
            }
            state.withLock { $0.delivered += 1 }
            onReading(Double(number * 10))
            tick(number + 1, onReading, onFinish)
        }
    }
}

func runCheck(_ report: CheckReport) async {
    let sensor = CaffeineSensor(readings: 6)
    report.waiting("the readings of a sensor that sends 6")
    var values: [Double] = []
    for await value in readings(from: sensor) { values.append(value) }
    report.expect(values == [10, 20, 30, 40, 50, 60], "all 6 readings, in order, and the stream ended",
                  otherwise: "expected [10, 20, 30, 40, 50, 60], got \(values)")
    let long = CaffeineSensor(readings: 1000)
    report.waiting("3 readings from a sensor that sends 1000")
    var read = 0
    for await _ in readings(from: long) {
        read += 1
        if read == 3 { break }
    }
    try? await Task.sleep(for: .milliseconds(60))
    report.expect(!long.isRunning && long.delivered <= 5, "leaving the loop stopped the sensor",
                  otherwise: "the sensor kept running after the reader left (\(long.delivered) readings sent): stop it in onTermination")
}
