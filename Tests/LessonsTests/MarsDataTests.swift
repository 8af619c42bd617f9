import Foundation
import Testing

@testable import LabCore
@testable import LabScenarios
@testable import LabTrace
@testable import Lessons

/// Each way of fetching the rovers' photos, proven by the calls the service saw at once.
@Suite("MarsData patterns")
struct MarsDataTests {
    func marsData(_ meter: CallMeter, failures: FailureInjection = .none, latency: Double = 5) -> MarsData {
        MarsData(api: client(meter, failures: failures, latency: latency), probe: Probe())
    }

    /// MarsData on a backend that holds each call, counted in flight, until `peak` are in flight
    /// (`PeakHold`), then answers after the usual 50 ms: a pattern that allows more still shows
    /// more. Patience: a minute, as a test may wait that long for a busy pool.
    func marsData(_ meter: CallMeter, heldUntil peak: Int, patience: Duration = .seconds(60), latency: Double = 5)
        -> MarsData
    {
        let behavior = ServiceBehavior(latency: .fixed(latency), seed: 1, scale: TimeScale(factor: 0.01))
        let api = MarsRoverClient.simulated(behavior, meter: meter, hold: PeakHold(peak: peak, patience: patience))
        return MarsData(api: api, probe: Probe())
    }

    func client(_ meter: CallMeter, failures: FailureInjection = .none, latency: Double = 5) -> MarsRoverClient {
        let behavior = ServiceBehavior(
            latency: .fixed(latency), failures: failures, seed: 1, scale: TimeScale(factor: 0.01))
        return MarsRoverClient.simulated(behavior, meter: meter)
    }

    @Test(arguments: ["sequential", "async let in a loop", "async let", "task group", "unstructured"])
    func concurrencyOfEachPattern(pattern: String) async throws {
        let expected = ["sequential": 1, "async let in a loop": 1, "async let": 3][pattern] ?? 4
        // Held until the expected peak: a fan-out reaches it however late a busy pool starts its
        // calls, and a pattern that allows more still shows more.
        let meter = CallMeter()
        let data = marsData(meter, heldUntil: expected)
        let rovers = try MarsRoverClient.fixtureRovers()
        let photos: [MarsPhoto]
        switch pattern {
        case "sequential": photos = await data.latestPhotosSequentially(rovers)
        case "async let in a loop": photos = await data.latestPhotosWithAsyncLetInALoop(rovers)
        case "async let": photos = await data.latestPhotosWithAsyncLet(rovers[0], rovers[1], rovers[2])
        case "task group": photos = await data.latestPhotosWithTaskGroup(rovers)
        default: photos = await data.latestPhotosWithUnstructuredTasks(rovers)
        }
        expectEqual(meter.stats.maxInFlight, expected)
        expectEqual(photos.count, meter.stats.calls)
    }

    /// The held backend cannot make a pattern look more concurrent than it is: a loop asked for
    /// two calls at once is let go when patience runs out, one call at a time.
    @Test func aHeldBackendLetsALoopGoOneCallAtATime() async throws {
        let meter = CallMeter()
        let data = marsData(meter, heldUntil: 2, patience: .milliseconds(50), latency: 0)
        let photos = await data.latestPhotosSequentially(try MarsRoverClient.fixtureRovers())
        expectEqual(meter.stats.maxInFlight, 1)
        expect(photos.count == 4 && meter.stats.completed == 4)
    }

    @Test func fetchLatestPhotosSkipsARoverWhoseCallFails() async {
        let meter = CallMeter()
        let photos = await marsData(meter, failures: FailureInjection(rate: 1, onlyMatching: "Spirit"))
            .fetchLatestPhotos()
        expectEqual(Set(photos.map(\.rover.name)), ["Curiosity", "Perseverance", "Opportunity"])
    }

    /// The lesson's fetchLatestPhotos() (latest-photos): a child per rover, all four in flight at
    /// once however late a busy pool starts them (the lesson's run shows it only by luck).
    /// The rover list comes first, unheld (held alone, it would wait out the patience).
    @Test func fetchLatestPhotosHasEveryRoverInFlightAtOnce() async {
        let meter = CallMeter()
        let behavior = ServiceBehavior(latency: .fixed(5), seed: 1, scale: TimeScale(factor: 0.01))
        let held = MarsRoverClient.simulated(behavior, meter: meter, hold: PeakHold(peak: 4, patience: .seconds(60)))
        let list = client(CallMeter()).transport
        let data = MarsData(
            api: MarsRoverClient(transport: OperationApart(operation: "rovers", apart: list, others: held.transport)),
            probe: Probe())
        let photos = await data.fetchLatestPhotos()
        expectEqual(meter.stats.maxInFlight, 4)
        expectEqual(photos.count, 4)
    }

    /// Widths 1–5 as the window; 12, every page, as the sliding-window lesson's unbounded group.
    @Test(arguments: [1, 2, 3, 5, 12])
    func theSlidingWindowNeverExceedsItsWidth(width: Int) async throws {
        let meter = CallMeter()
        let rover = try unwrap(try MarsRoverClient.fixtureRovers().first)
        let pages = try await marsData(meter, heldUntil: width).photoPages(
            of: rover, earthDate: rover.maxDate, pages: Array(1...12), width: width)
        expectEqual(meter.stats.maxInFlight, width, "exactly \(width) in flight at the peak")
        expect(pages.count == 12 && meter.stats.calls == 12)
    }

    @Test func aFailingManifestCancelsItsSiblings() async throws {
        let meter = CallMeter()
        let failures = FailureInjection(rate: 1, onlyMatching: "manifests rover=Opportunity", failsAfter: 0.1)
        // The other manifests take 1,000 s (of source time, 10 s here): only the cancel can end them
        // first, however late a busy pool runs the failing child. The rover list the group starts
        // from comes in the usual 5 s (50 ms): at 1,000 s too, the test waited 10 s for it.
        let manifests = client(meter, failures: failures, latency: 1_000).transport
        let others = client(meter).transport
        let data = MarsData(
            api: MarsRoverClient(transport: OperationApart(operation: "manifests", apart: manifests, others: others)),
            probe: Probe())
        await #expect(throws: ServiceError.unavailable) {
            try await data.fetchPhotoManifests()
        }
        expectEqual(meter.stats.cancelled, 3, "the three other manifests were cancelled mid-flight")
        expectEqual(meter.stats.inFlight, 0, "the group waited for its cancelled children")
    }
}

/// Sends one operation's requests to one backend and every other request to another.
private struct OperationApart: Transport {
    let operation: String
    let apart: any Transport
    let others: any Transport

    func data(for request: ServiceRequest) async throws -> Data {
        try await (request.operation == operation ? apart : others).data(for: request)
    }
}
