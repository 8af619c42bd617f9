import Foundation

@testable import LabCore
@testable import LabScenarios

/// The Mars backend for a test that asserts how many calls a pattern has in flight at once:
/// each call, counted in flight by the meter, waits in a `PeakHold` until `peak` calls are in
/// flight together, then answers after `latency`, as the simulated backend does. The latency
/// after the hold still lets a pattern that allows more than `peak` show more. Patience: a
/// minute, as a test may wait that long for a busy pool (the exercises' checks wait 2 s).
final class HeldUntilPeak: Transport {
    let meter: CallMeter
    let hold: PeakHold
    let latency: Duration

    init(meter: CallMeter, peak: Int, latency: Duration = .milliseconds(50), patience: Duration = .seconds(60)) {
        self.meter = meter
        self.hold = PeakHold(peak: peak, patience: patience)
        self.latency = latency
    }

    func data(for request: ServiceRequest) async throws -> Data {
        _ = meter.begin(key: request.key)
        await hold.enter()
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
}
