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

    func client(_ meter: CallMeter, failures: FailureInjection = .none, latency: Double = 5) -> MarsRoverClient {
        let behavior = ServiceBehavior(
            latency: .fixed(latency), failures: failures, seed: 1, scale: TimeScale(factor: 0.01))
        return MarsRoverClient.simulated(behavior, meter: meter)
    }

    @Test(arguments: ["sequential", "async let in a loop", "async let", "task group", "unstructured"])
    func concurrencyOfEachPattern(pattern: String) async throws {
        let meter = CallMeter()
        let data = marsData(meter)
        let rovers = try MarsRoverClient.fixtureRovers()
        let photos: [MarsPhoto]
        let expected: Int
        switch pattern {
        case "sequential": (photos, expected) = (await data.latestPhotosSequentially(rovers), 1)
        case "async let in a loop": (photos, expected) = (await data.latestPhotosWithAsyncLetInALoop(rovers), 1)
        case "async let": (photos, expected) = (await data.latestPhotosWithAsyncLet(rovers[0], rovers[1], rovers[2]), 3)
        case "task group": (photos, expected) = (await data.latestPhotosWithTaskGroup(rovers), 4)
        default: (photos, expected) = (await data.latestPhotosWithUnstructuredTasks(rovers), 4)
        }
        #expect(meter.stats.maxInFlight == expected)
        #expect(photos.count == meter.stats.calls)
    }

    @Test func fetchLatestPhotosSkipsARoverWhoseCallFails() async {
        let meter = CallMeter()
        let photos = await marsData(meter, failures: FailureInjection(rate: 1, onlyMatching: "Spirit"))
            .fetchLatestPhotos()
        #expect(Set(photos.map(\.rover.name)) == ["Curiosity", "Perseverance", "Opportunity"])
    }

    @Test(arguments: [1, 2, 3, 5])
    func theSlidingWindowNeverExceedsItsWidth(width: Int) async throws {
        let meter = CallMeter()
        let rover = try #require(try MarsRoverClient.fixtureRovers().first)
        let pages = try await marsData(meter).photoPages(
            of: rover, earthDate: rover.maxDate, pages: Array(1...12), width: width)
        #expect(meter.stats.maxInFlight == width, "exactly \(width) in flight at the peak")
        #expect(pages.count == 12 && meter.stats.calls == 12)
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
            api: MarsRoverClient(transport: ManifestsApart(manifests: manifests, others: others)), probe: Probe())
        await #expect(throws: ServiceError.unavailable) {
            try await data.fetchPhotoManifests()
        }
        #expect(meter.stats.cancelled == 3, "the three other manifests were cancelled mid-flight")
        #expect(meter.stats.inFlight == 0, "the group waited for its cancelled children")
    }
}

/// Sends the manifest requests to one backend and every other request to another.
private struct ManifestsApart: Transport {
    let manifests: any Transport
    let others: any Transport

    func data(for request: ServiceRequest) async throws -> Data {
        try await (request.operation == "manifests" ? manifests : others).data(for: request)
    }
}
