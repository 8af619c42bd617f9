import Foundation
import Testing

@testable import LabCore
@testable import LabScenarios

@Suite("Services: the stand-ins decode like the real APIs")
struct BackendFixtureTests {
    let fast = ServiceBehavior(latency: .fixed(0.1), seed: 42, scale: TimeScale(factor: 0.001))

    @Test func spacePhotoMapsExplanationToDescriptionAndReadsDays() throws {
        let json = #"{"title":"Saturn","explanation":"Rings.","date":"2024-02-02","url":"https://apod.example/s.jpg"}"#
        let photo = try JSONDecoder().decode(SpacePhoto.self, from: Data(json.utf8))
        expectEqual(photo.description, "Rings.")
        expectEqual(WireFormat.dayFormatter().string(from: photo.date), "2024-02-02")
        let encoded = try unwrap(String(data: try JSONEncoder().encode(photo), encoding: .utf8))
        expect(encoded.contains("\"explanation\"") && encoded.contains("2024-02-02"))
    }

    @Test func spacePhotoRejectsABadDate() {
        let json = #"{"title":"x","explanation":"y","date":"02/02/2024","url":"https://apod.example/s.jpg"}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SpacePhoto.self, from: Data(json.utf8)) }
    }

    @Test func photoForADateHasThatDate() async throws {
        let day = try unwrap(WireFormat.dayFormatter().date(from: "2024-04-08"))
        let photo = try await SpacePhotosClient.simulated(fast).photo(for: day)
        expectEqual(photo.title, "Totality over Texas")
        expectEqual(photo.date, day)
    }

    @Test func marsRoversAreTheRealFour() async throws {
        let rovers = try await MarsRoverClient.simulated(fast).allRovers()
        expectEqual(rovers.map(\.name), ["Curiosity", "Perseverance", "Opportunity", "Spirit"])
        expectEqual(rovers.first { $0.name == "Spirit" }?.status, "complete")
        expectEqual(rovers.first { $0.name == "Perseverance" }?.landingDate, "2021-02-18")
    }

    @Test func latestPhotosManifestAndPagesAgree() async throws {
        let client = MarsRoverClient.simulated(fast)
        let curiosity = try #require(try await client.allRovers().first)
        let latest = try await client.latestPhotos(rover: curiosity)
        expect(
            !latest.isEmpty && latest.allSatisfy { $0.rover.name == "Curiosity" && $0.earthDate == curiosity.maxDate })
        let manifest = try await client.photoManifest(rover: curiosity)
        expect(manifest.photos.count == 30 && manifest.photos.last?.sol == curiosity.maxSol)
        let day = try unwrap(manifest.photos.last)
        var collected: [MarsPhoto] = []
        for page in 1... {
            let photos = try await client.photos(rover: curiosity, earthDate: day.earthDate, page: page)
            if photos.isEmpty { break }
            expectAtMost(photos.count, 25)
            collected += photos
        }
        expectEqual(collected.count, day.totalPhotos)
    }

    @Test func healthStoreNeedsAuthorizationThenAnswersAnchoredQueries() async throws {
        let store = CaffeineHealthStore(behavior: fast)
        let sample = CaffeineSample(milligrams: 95, date: Date())
        let denied: (Bool, String?) = await withCheckedContinuation { continuation in
            store.save(sample) { saved, error in continuation.resume(returning: (saved, error.map { "\($0)" })) }
        }
        expect(denied.0 == false && denied.1 == "\(HealthStoreError.notAuthorized)")
        let authorized: Bool = await withCheckedContinuation { continuation in
            store.requestAuthorization { granted, _ in continuation.resume(returning: granted) }
        }
        expect(authorized)
        let saved: Bool = await withCheckedContinuation { continuation in
            store.save(sample) { saved, _ in continuation.resume(returning: saved) }
        }
        expect(saved)
        let first: ([CaffeineSample], QueryAnchor?) = await withCheckedContinuation { continuation in
            store.anchoredQuery(since: nil) { added, _, anchor, _ in continuation.resume(returning: (added, anchor)) }
        }
        expectEqual(first.0, [sample])
        let second: [CaffeineSample] = await withCheckedContinuation { continuation in
            store.anchoredQuery(since: first.1) { added, _, _, _ in continuation.resume(returning: added) }
        }
        expect(second.isEmpty, "nothing new since the anchor")
        expectEqual(store.meter.stats.calls, 5)
    }

    @Test func jokesDecodeTheirValue() async throws {
        let joke = try await JokeClient.simulated(fast).randomJoke()
        expect(!joke.value.isEmpty)
    }
}
