// alternative: a pull stream whose next() parks in a continuation the callbacks resume, and a token the unfolding closure holds stops the sensor when the reader lets go
import LabCore
import Synchronization

// A pull stream: next() parks in a continuation the sensor's callbacks resume (it never looks
// again by itself), and the unfolding closure holds a token whose release stops the sensor: the
// reader that leaves drops the stream, the closure, and the token.
final class Mailbox: Sendable {
    struct State {
        var items: [Double] = []
        var done = false
        var waiter: CheckedContinuation<Double?, Never>?
    }
    let state = Mutex(State())
    func push(_ v: Double) {
        let w = state.withLock { s -> CheckedContinuation<Double?, Never>? in
            if let w = s.waiter {
                s.waiter = nil
                return w
            }
            s.items.append(v)
            return nil
        }
        w?.resume(returning: v)
    }
    func end() {
        let w = state.withLock { s -> CheckedContinuation<Double?, Never>? in
            s.done = true
            defer { s.waiter = nil }
            return s.waiter
        }
        w?.resume(returning: nil)
    }
    func next() async -> Double? {
        await withCheckedContinuation { c in
            let now = state.withLock { s -> Double?? in
                if !s.items.isEmpty { return .some(s.items.removeFirst()) }
                if s.done { return .some(nil) }
                s.waiter = c
                return .none
            }
            if let now { c.resume(returning: now) }
        }
    }
}

/// Stops the sensor when the last holder lets go of it.
final class StopOnRelease: Sendable {
    let sensor: CaffeineSensor
    init(_ sensor: CaffeineSensor) { self.sensor = sensor }
    deinit { sensor.stop() }
}

func readings(from sensor: CaffeineSensor) -> AsyncStream<Double> {
    let box = Mailbox()
    let token = StopOnRelease(sensor)
    sensor.start(onReading: { box.push($0) }, onFinish: { box.end() })
    return AsyncStream(
        unfolding: {
            _ = token
            return await box.next()
        }, onCancel: { sensor.stop() })
}
