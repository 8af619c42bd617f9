import Foundation
import LabCore
import LabScenarios

/// Fast, repeatable services for checks: one source second is 10 ms.
enum CheckServices {
    static let scale = TimeScale(factor: 0.01)
    static var work: SimulatedWork { SimulatedWork(scale: scale) }

    static func behavior(latency: LatencyModel = .fixed(2), failures: FailureInjection = .none, seed: UInt64 = 7)
        -> ServiceBehavior
    {
        ServiceBehavior(latency: latency, failures: failures, seed: seed, scale: scale)
    }

    /// How long a `PeakHold` waits for an answer's calls to be in flight together before it lets
    /// them go: far longer than a busy machine takes to start them, and once per hold, so an answer
    /// that makes its calls one at a time is slowed by this much, never stopped.
    static let patience = Duration.seconds(2)

    /// The most threads the shared pool may run at once, for a check that must outnumber them so
    /// an answer that holds a thread cannot get lucky (see `ExecutorProbe.mostPoolThreads`).
    static var poolWidth: Int { ExecutorProbe.mostPoolThreads }

    /// Checks vary their inputs run to run, so a hard-coded answer fails.
    static func random(in range: ClosedRange<Int>) -> Int {
        var generator = SystemRandomNumberGenerator()
        return Int.random(in: range, using: &generator)
    }

    /// The error a failing service throws this run, with a detail drawn too: an answer that
    /// swallows the service's error (`try?`) and throws one of its own matches it by luck about
    /// once in 1,800 runs (with `.unavailable` every run, an invented `.unavailable` passed 03, 04
    /// and 06; drawn from five plain cases, it would pass one run in five).
    static func anyError() -> ServiceError {
        let detail = "code \(random(in: 100...999))"
        return random(in: 0...1) == 0 ? .badResponse(detail) : .notFound(detail)
    }

    /// Every kind of error the service throws, in a drawn order, those with a detail each with one
    /// drawn: a check that fails a request once for each (`expectEachFailureReachesTheCaller`)
    /// refuses an answer that lets one kind through and swallows another. One drawn per run let a
    /// group that left out a rover "not found" (and threw the rest) pass 04 half the runs and 06 a
    /// quarter, and one that skipped a timeout, a kind never drawn, every run (helper 169's audit).
    /// An error of the answer's own still matches one kind at most, so it is refused as before.
    static func everyKindOfError() -> [ServiceError] {
        let kinds: [ServiceError] = [
            .unavailable, .timedOut, .notFound("code \(random(in: 100...999))"), .rateLimited,
            .badResponse("code \(random(in: 100...999))"),
        ]
        var generator = SystemRandomNumberGenerator()
        return kinds.shuffled(using: &generator)
    }
}
