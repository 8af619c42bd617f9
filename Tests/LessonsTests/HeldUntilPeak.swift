import Foundation

@testable import LabCore
@testable import LabScenarios

/// The Mars backend for a test that asserts how many calls a pattern has in flight at once.
///
/// Each call, counted in flight by the meter, is held until `peak` calls are in flight together;
/// then the held calls and every later one answer after `latency`, as the simulated backend
/// does. With calls that merely take 50 ms, a busy pool on one CPU can start a fan-out's last
/// call after its first has ended, and the meter rightly sees fewer at once than the pattern
/// allows. Held, a pattern reaches every peak it allows, however late its calls start; the
/// latency after the hold still lets a pattern that allows more than `peak` show more. A pattern
/// that cannot reach `peak` (a sequential loop asked for two) is let go after `patience`, and the
/// peak the test asserts says so.
final class HeldUntilPeak: Transport {
    let meter: CallMeter
    let peak: Int
    let latency: Duration
    let patience: Duration
    private let gate = Locked(Gate())

    private struct Gate {
        var open = false
        var held: [CheckedContinuation<Void, Never>] = []
        /// Opens the gate after `patience`, started by the first call held.
        var patienceEnds: Task<Void, Never>?
    }

    init(meter: CallMeter, peak: Int, latency: Duration = .milliseconds(50), patience: Duration = .seconds(60)) {
        self.meter = meter
        self.peak = peak
        self.latency = latency
        self.patience = patience
    }

    func data(for request: ServiceRequest) async throws -> Data {
        _ = meter.begin(key: request.key)
        await withCheckedContinuation { call in
            let released: [CheckedContinuation<Void, Never>] = gate.withLock { gate in
                if gate.open { return [call] }
                gate.held.append(call)
                // Every call counted in flight is held (none has ended), so the count is the peak so far.
                if meter.stats.inFlight >= peak { return Self.open(&gate) }
                if gate.patienceEnds == nil {
                    gate.patienceEnds = Task { [patience] in
                        try? await Task.sleep(for: patience)
                        self.letGo()
                    }
                }
                return []
            }
            for call in released { call.resume() }
        }
        do {
            try await Task.sleep(for: latency)
        } catch {
            meter.end(.cancelled)
            throw CancellationError()
        }
        let data = try MarsRoverFixtures.respond(to: request, seed: 1)
        meter.end(.completed)
        return data
    }

    /// Lets every held call go (patience ran out, or the peak was reached).
    private func letGo() {
        for call in gate.withLock({ Self.open(&$0) }) { call.resume() }
    }

    private static func open(_ gate: inout Gate) -> [CheckedContinuation<Void, Never>] {
        guard !gate.open else { return [] }
        gate.open = true
        gate.patienceEnds?.cancel()
        defer { gate.held = [] }
        return gate.held
    }
}
