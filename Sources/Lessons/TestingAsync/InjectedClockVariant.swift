import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// A timeout tested twice: with the real clock (the test waits the timeout out, every run) and
/// with a clock the test advances (no waiting, and no guess about how long the machine takes).
enum InjectedClockVariant {
    /// The joke app shows "offline" when the service has not answered within the timeout.
    static func jokeOrOffline<C: Clock & Sendable>(
        clock: C, timeout: C.Duration, fetch: @escaping @Sendable () async throws -> String
    ) async -> String {
        await withTaskGroup(of: String?.self) { group in
            group.addTask { try? await fetch() }
            group.addTask {
                try? await clock.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? "offline"
        }
    }

    /// A service that never answers (until cancelled): the case the timeout is for.
    @Sendable static func silentService() async throws -> String {
        try await Task.sleep(for: .seconds(3600))
        return "a joke"
    }

    static let realTrials = 5
    static let manualTrials = 200
    static let timeout = Duration.milliseconds(200)

    struct Outcome: Sendable, Equatable {
        var realSecondsPerTest: Double
        var manualSecondsPerTest: Double
        var realPassed: Int
        var manualPassed: Int
        var manualEarlyAnswers: Int
    }

    /// One manual-clock test: nothing may happen a millisecond before the deadline, "offline" at it.
    static func manualTest() async -> (passed: Bool, answeredEarly: Bool) {
        let clock = ManualClock()
        let answer = Task { await jokeOrOffline(clock: clock, timeout: timeout, fetch: silentService) }
        await clock.sleepers(reach: 1)
        clock.advance(by: timeout - .milliseconds(1))
        let early = await clock.sleepers(reachNow: 1) == false
        clock.advance(by: .milliseconds(1))
        return (await answer.value == "offline", early)
    }

    static let variant = LessonVariant(
        "injected-clock", title: "A timeout tested with the real clock and with a clock the test advances"
    ) { context in
        let console = context.console
        console.paragraph(
            "The joke screen shows \"offline\" when the service has not answered within \(context.stated(seconds: timeout.seconds)). Tested with ContinuousClock, each run waits the timeout out; tested with a ManualClock passed in, the test waits until the code is sleeping on it, moves it to a millisecond before the deadline (nothing may happen yet), then to the deadline."
        )
        let clock = ContinuousClock()
        var start = clock.now
        var realPassed = 0
        for _ in 0..<realTrials
        where await jokeOrOffline(clock: ContinuousClock(), timeout: timeout, fetch: silentService) == "offline" {
            realPassed += 1
        }
        let realSeconds = (clock.now - start).seconds / Double(realTrials)
        start = clock.now
        var manualPassed = 0
        var early = 0
        for _ in 0..<manualTrials {
            let result = await manualTest()
            if result.passed { manualPassed += 1 }
            if result.answeredEarly { early += 1 }
        }
        let manualSeconds = (clock.now - start).seconds / Double(manualTrials)
        var table = Table(headers: ["clock", "runs", "passed", "each run took"], rightAligned: [1, 2, 3])
        table.append(["ContinuousClock", "\(realTrials)", "\(realPassed)", realSeconds.formattedAsDuration])
        table.append(["ManualClock, advanced", "\(manualTrials)", "\(manualPassed)", manualSeconds.formattedAsDuration])
        console.table(table)
        context.record("real_seconds_per_test", "each real-clock run", seconds: realSeconds)
        context.record("manual_seconds_per_test", "each manual-clock run", seconds: manualSeconds)
        context.record("real_passed", "real-clock runs passed", count: realPassed)
        context.record("manual_passed", "manual-clock runs passed", count: manualPassed)
        context.record("manual_early_answers", "manual runs that answered before the deadline", count: early)
        context.record("speedup", "real-clock run ÷ manual-clock run", ratio: realSeconds / manualSeconds)
        let outcome = Outcome(
            realSecondsPerTest: realSeconds, manualSecondsPerTest: manualSeconds, realPassed: realPassed,
            manualPassed: manualPassed, manualEarlyAnswers: early)
        console.paragraph(
            ClockNarration.sentences(outcome, realTrials: realTrials, manualTrials: manualTrials).joined(separator: " ")
        )
    }
}

extension ManualClock {
    /// Whether `count` tasks are sleeping now (no waiting): after an advance short of the
    /// deadline, the timeout's sleeper must still be there.
    func sleepers(reachNow count: Int) async -> Bool {
        // One turn for a sleeper woken by mistake to finish; the check itself does not wait on time.
        await Task.yield()
        return sleepingCount >= count
    }
}

/// The injected-clock sentences, chosen from the figures (tested for each outcome).
enum ClockNarration {
    static func sentences(_ outcome: InjectedClockVariant.Outcome, realTrials: Int, manualTrials: Int) -> [String] {
        var lines: [String] = []
        let ratio = outcome.realSecondsPerTest / outcome.manualSecondsPerTest
        if outcome.manualPassed == manualTrials && outcome.manualEarlyAnswers == 0 {
            lines.append(
                "All \(manualTrials) manual-clock runs passed, none answered before the deadline, and each took \(outcome.manualSecondsPerTest.formattedAsDuration) against \(outcome.realSecondsPerTest.formattedAsDuration) with the real clock (\(ratio.formattedAsRatio) faster)."
            )
        } else {
            lines.append(
                "\(manualTrials - outcome.manualPassed) of \(manualTrials) manual-clock runs failed and \(outcome.manualEarlyAnswers) answered before the deadline: the code under test does not wait on the clock it was given."
            )
        }
        lines.append(
            outcome.realPassed == realTrials
                ? "The real-clock test passed too, but it pays the whole timeout on every run, and a test that checks \"not yet\" a little before a deadline would be a race against the machine; with the clock passed in, \"a millisecond before\" is exact."
                : "The real-clock test failed \(realTrials - outcome.realPassed) of \(realTrials) runs: against real time, a deadline is a race with the machine."
        )
        lines.append(
            "What it costs: the code takes a clock parameter (`some Clock<Duration>`), and production passes ContinuousClock."
        )
        return lines
    }
}
