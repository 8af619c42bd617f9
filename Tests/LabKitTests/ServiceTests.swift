import Foundation
import Testing

@testable import LabCore
@testable import LabScenarios

@Suite("Services: determinism, failures, counters")
struct ServiceTests {
    func behavior(
        seed: UInt64 = 7, failures: FailureInjection = .none,
        latency: LatencyModel = .logNormal(median: 1, sigma: 0.5)
    ) -> ServiceBehavior {
        ServiceBehavior(latency: latency, failures: failures, seed: seed, scale: TimeScale(factor: 0.002))
    }

    @Test func latencyAndFailuresArePureFunctionsOfSeedAndCall() {
        let transport = SimulatedTransport(behavior: behavior(failures: FailureInjection(rate: 0.5))) { _, _ in Data() }
        let same = SimulatedTransport(behavior: behavior(failures: FailureInjection(rate: 0.5))) { _, _ in Data() }
        let other = SimulatedTransport(behavior: behavior(seed: 8, failures: FailureInjection(rate: 0.5))) { _, _ in
            Data()
        }
        let request = ServiceRequest("latest_photos", ["rover": "Curiosity"])
        let plans = (0..<20).map { transport.plan(for: request, callIndex: $0) }
        expectEqual(plans.map(\.latency), (0..<20).map { same.plan(for: request, callIndex: $0).latency })
        expectEqual(plans.map(\.fails), (0..<20).map { same.plan(for: request, callIndex: $0).fails })
        expectNotEqual(plans.map(\.latency), (0..<20).map { other.plan(for: request, callIndex: $0).latency })
    }

    @Test func sameSeedGivesTheSameDataDifferentSeedDifferentData() async throws {
        let a = try await SpacePhotosClient.simulated(behavior(seed: 1)).randomPhotos(count: 5)
        let b = try await SpacePhotosClient.simulated(behavior(seed: 1)).randomPhotos(count: 5)
        let c = try await SpacePhotosClient.simulated(behavior(seed: 2)).randomPhotos(count: 5)
        expectEqual(a, b)
        expectNotEqual(a, c)
        expect(a.count == 5 && Set(a.map(\.title)).count == 5)
    }

    @Test func failureInjectionFailsEveryCallAtRateOneWithTheChosenError() async {
        let client = JokeClient.simulated(behavior(failures: FailureInjection(rate: 1, error: .rateLimited)))
        for _ in 0..<5 {
            await #expect(throws: ServiceError.rateLimited) { try await client.randomJoke() }
        }
    }

    @Test func failureRateIsHonouredOverManyCalls() {
        let transport = SimulatedTransport(behavior: behavior(failures: FailureInjection(rate: 0.3))) { _, _ in Data() }
        let failures = (0..<1000).filter { transport.plan(for: ServiceRequest("jokes/random"), callIndex: $0).fails }
            .count
        expect((220...380).contains(failures), "30% of 1000 calls, got \(failures)")
    }

    @Test func failuresCanTargetOneRequest() async throws {
        let meter = CallMeter()
        let client = MarsRoverClient.simulated(
            behavior(failures: FailureInjection(rate: 1, error: .unavailable, onlyMatching: "Spirit")), meter: meter)
        let rovers = try await client.allRovers()
        let spirit = try unwrap(rovers.first { $0.name == "Spirit" })
        let curiosity = try unwrap(rovers.first { $0.name == "Curiosity" })
        await #expect(throws: ServiceError.unavailable) { try await client.latestPhotos(rover: spirit) }
        #expect(try await !client.latestPhotos(rover: curiosity).isEmpty)
        expect(meter.stats.failed == 1 && meter.stats.completed == 2)
    }

    @Test func meterCountsTheMostCallsInFlight() async throws {
        let meter = CallMeter()
        // Calls that do not end by themselves (a million source seconds): with 20 (40 ms), a busy
        // pool on one CPU started the fifth after the first had ended, and the meter rightly said 4.
        // Once all five are in flight, they are cancelled; a call that never starts ends the wait
        // after a minute, and the count below says so.
        let client = JokeClient.simulated(behavior(latency: .fixed(1_000_000)), meter: meter)
        await withThrowingTaskGroup(of: Joke.self) { group in
            for _ in 0..<5 { group.addTask { try await client.randomJoke() } }
            let deadline = ContinuousClock.now.advanced(by: .seconds(60))
            while meter.stats.inFlight < 5 && ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(5))
            }
            group.cancelAll()
            while !group.isEmpty { _ = try? await group.next() }
        }
        expectEqual(meter.stats.maxInFlight, 5)
        expect(meter.stats.calls == 5 && meter.stats.cancelled == 5 && meter.stats.inFlight == 0)

        let sequential = CallMeter()
        let one = JokeClient.simulated(behavior(latency: .fixed(1)), meter: sequential)
        for _ in 0..<3 { _ = try await one.randomJoke() }
        expectEqual(sequential.stats.maxInFlight, 1)
    }

    @Test func meterSeesACancelledCall() async throws {
        let meter = CallMeter()
        // 60 s: the call in flight can only end by the cancel, however late a busy pool runs this task.
        let client = JokeClient.simulated(behavior(latency: .fixed(30_000)), meter: meter)
        let task = Task { try await client.randomJoke() }
        while meter.stats.inFlight == 0 { await Task.yield() }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        expect(meter.stats.cancelled == 1 && meter.stats.inFlight == 0)
    }

    @Test func latencyModelsStayInTheirRange() {
        var random = SeededRandom(seed: 3)
        for _ in 0..<500 {
            let jitter = LatencyModel.jitter(base: 2, spread: 0.5).sample(using: &random)
            expect((1.5...2.5).contains(jitter))
        }
        let logNormal = (0..<2001).map { _ in LatencyModel.logNormal(median: 2, sigma: 0.5).sample(using: &random) }
            .sorted()
        expectBelow(abs(logNormal[1000] - 2), 0.2, "the median of a log-normal sample is its median")
    }
}
