import Foundation
import LabCore

// MARK: - The answer's face
/// What the check calls of the answer: it is compiled once for every answer, against this
/// (see `AnswerFace` in the lab's grader), and reaches the answer only through `labAdaptor`.
/// One closure for each kind of clock the check passes, each calling the answer with a clock of
/// that type, as the check did: the same overload and the same generic argument.
struct AnswerFace: Sendable {
    let onAManualClock: @Sendable (ManualClock, Duration, @escaping @Sendable () async throws -> String) async -> String
    let onAContinuousClock:
        @Sendable (ContinuousClock, Duration, @escaping @Sendable () async throws -> String) async -> String
}

// MARK: - How the check reaches the answer
func labAdaptor() -> AnswerFace {
    AnswerFace(
        onAManualClock: { await jokeOrOffline(clock: $0, timeout: $1, fetch: $2) },
        onAContinuousClock: { await jokeOrOffline(clock: $0, timeout: $1, fetch: $2) })
}

// MARK: - The check
import Foundation
import LabCore
@testable import StudentCode

let plannedExpectations = 7

/// The answer's function, called with a ManualClock as the exercise declares it.
func jokeOrOffline(
    clock: ManualClock, timeout: Duration, fetch: @escaping @Sendable () async throws -> String
) async -> String {
    await labAdaptor().onAManualClock(clock, timeout, fetch)
}

/// The answer's function, called with the real clock as the exercise declares it.
func jokeOrOffline(
    clock: ContinuousClock, timeout: Duration, fetch: @escaping @Sendable () async throws -> String
) async -> String {
    await labAdaptor().onAContinuousClock(clock, timeout, fetch)
}

/// A joke service that never answers until cancelled, counting the cancellations.
final class SilentService: Sendable {
    let cancelled = Locked(0)

    @Sendable func fetch() async throws -> String {
        do {
            try await Task.sleep(for: .seconds(3600))
        } catch {
            cancelled.withLock { $0 += 1 }
            throw error
        }
        return "too late"
    }
}

struct ServiceDown: Error, CustomStringConvertible {
    var description: String { "the joke service is down" }
}

func runCheck(_ report: CheckReport) async {
    // How long the check waits for something a correct answer does at once (sleep on the clock,
    // answer once the timeout or the fetch ends) before it calls the answer stuck. Only an answer
    // that never does it waits this out, so it can be long: a correct one that a busy machine
    // stalled for a second (a paused VM, a CPU shared with many) is not refused.
    let stuckAfter = Duration.seconds(3)
    // Shorter than the 2.5 s the clock stands still below, and longer than the starting file's 2 s:
    // an answer that also waits the timeout in real time answers while the clock stands still (one
    // that waited through LabCore's SimulatedWork passed while timeouts were 3–9 s).
    let timeout = Duration.milliseconds(CheckServices.random(in: 2_100...2_400))
    let clock = ManualClock()
    let silent = SilentService()
    let answer = Locked<String?>(nil)
    let asking = Task {
        let text = await jokeOrOffline(clock: clock, timeout: timeout, fetch: silent.fetch)
        answer.withLock { $0 = text }
    }
    // Beside it, a short timeout on a clock of its own, which stands still too: an answer that
    // waits some multiple of the timeout in real time (an audit's waited twice the timeout
    // through SimulatedWork) answers within the same 2.5 s.
    let shortTimeout = Duration.milliseconds(CheckServices.random(in: 40...80))
    let shortClock = ManualClock()
    let shortAnswer = Locked<String?>(nil)
    let shortAsking = Task {
        let text = await jokeOrOffline(clock: shortClock, timeout: shortTimeout, fetch: SilentService().fetch)
        shortAnswer.withLock { $0 = text }
    }
    // And on a real clock, the one the app passes: an answer that raced a timeout only on a test's
    // clock (`clock is ManualClock`) and otherwise waited for the service passed while every clock
    // here was a ManualClock. Begun here, so that it waits beside the clocks that stand still (a
    // wrong answer's waits must end within the check's time limit); the timeout is short, and a
    // sleep on ContinuousClock never ends before it.
    let realTimeout = Duration.milliseconds(CheckServices.random(in: 30...60))
    let realSilent = SilentService()
    let realAnswer = Locked<(String, Duration)?>(nil)
    let realBegan = ContinuousClock.now
    Task {
        let text = await jokeOrOffline(clock: ContinuousClock(), timeout: realTimeout, fetch: realSilent.fetch)
        let took = realBegan.duration(to: .now)
        realAnswer.withLock { $0 = (text, took) }
    }
    report.waiting("jokeOrOffline to sleep on the clock it was given")
    // 2 s, under the shortest timeout (2.1 s): an answer that waits the whole timeout in real time
    // before it sleeps on the clock is still found not sleeping on it.
    let asleepWithin = Duration.seconds(2)
    guard await within(asleepWithin, { await clock.sleepers(reach: 1) }) != nil,
        await within(asleepWithin, { await shortClock.sleepers(reach: 1) }) != nil
    else {
        return report.fail(
            "it never slept on the clock it was given (nothing was sleeping on it after 2 s): wait with clock.sleep(for: timeout), not Task.sleep or another clock")
    }
    // The clock stands still a while first: an answer that also waits in real time (the
    // starting file's 2-second Task.sleep, kept beside the clock's) answers meanwhile. And code that
    // waits on the clocks uses no CPU meanwhile: a "safety net" that reads the real time in a loop
    // (an audit's looked at Date() between Task.yield()s for 5 s, past the window) keeps a CPU busy.
    // On a crowded CPU that loop's CPU shrinks with the share it gets (beside fifteen busy
    // processes each in a session of its own, CI's one-CPU lane, it passed under 250 ms), but it
    // wants a CPU the whole time: the time the threads ran or waited in line for one (nil on macOS).
    let cpuBefore = processCPUSeconds()
    let runnableBefore = processRunnableSeconds()
    try? await Task.sleep(for: .milliseconds(2_500))
    let spunMilliseconds = Int((processCPUSeconds() - cpuBefore) * 1000)
    // Its type written out: inferred, this `flatMap`, `map` and `??` took a third of the check's
    // type-checking (session 54).
    let wantedMilliseconds: Int = runnableBefore.flatMap { start in processRunnableSeconds().map { Int(($0 - start) * 1000) } } ?? 0
    let stillClock = answer.withLock { $0 }
    let shortStill = shortAnswer.withLock { $0 }
    shortClock.advance(by: shortTimeout)
    clock.advance(by: timeout - .milliseconds(1))
    try? await Task.sleep(for: .milliseconds(100))
    let early = answer.withLock { $0 }
    report.expect(
        early == nil && shortStill == nil && spunMilliseconds < 250 && wantedMilliseconds < 1_250,
        "with the service silent, nothing came while the clocks stood still (2.5 s, timeouts of \(shortTimeout) and \(timeout)) nor a millisecond before the \(timeout) deadline",
        otherwise: stillClock != nil
            ? "it answered \"\(stillClock ?? "")\" while the clock it was given stood still (2.5 s of real time): wait on that clock only, not Task.sleep"
            : shortStill != nil
            ? "with a timeout of \(shortTimeout) it answered \"\(shortStill ?? "")\" while its clock stood still (2.5 s of real time): it also waits in real time, some multiple of the timeout; wait on the clock only"
            : early != nil
            ? "it answered \"\(early ?? "")\" before the deadline (\(timeout) - 1 ms on the clock): wait the whole timeout"
            : "while the clocks stood still (2.5 s of real time), your code used \(spunMilliseconds) ms of CPU, and its threads wanted a CPU (ran, or waited in line for one) for \(wantedMilliseconds) ms: something in it kept running instead of waiting (a loop that looks at the real time?); wait on the clock it was given only")
    _ = await within(stuckAfter) { await shortAsking.value }
    clock.advance(by: .milliseconds(1))
    report.waiting("\"offline\" at the deadline")
    _ = await within(stuckAfter) { await asking.value }
    let atDeadline = answer.withLock { $0 }
    // One deadline, one sleep: a loop that sleeps a little and looks at clock.now sleeps again and again.
    let sleeps = clock.sleepsBegun
    // A sleep still on the clock now outlasts the timeout (one rounded up to whole seconds did):
    // the timeout never won, so the advice to cancel the fetch would not be true of it.
    let stillAsleep = clock.sleepingCount > 0
    let cancellations = silent.cancelled.withLock { $0 }
    report.expect(
        atDeadline == "offline" && cancellations == 1 && sleeps == 1,
        "at the deadline it said \"offline\" and the silent request was cancelled; it slept on the clock once",
        otherwise: sleeps > 1
            ? "it slept \(sleeps) times on the clock to wait for one deadline (a loop that looks at clock.now?): sleep once, for the whole timeout"
            : atDeadline == nil && stillAsleep
            ? "it did not answer within 3 s after the deadline, and its sleep on the clock was still waiting once the clock had moved the whole \(timeout): sleep for the timeout it was given, not longer"
            : atDeadline == nil
            ? "it did not answer within 3 s after the deadline: once the timeout wins, cancel the fetch (group.cancelAll()) so the group can end"
            : atDeadline != "offline"
                ? "at the deadline it said \"\(atDeadline ?? "")\" instead of \"offline\""
                : cancellations > 1
                ? "it said \"offline\", but \(cancellations) requests to the silent service were cancelled: it asked more than once (a retry, or two requests at once); ask once, and cancel that request once the timeout wins"
                : "it said \"offline\" but the silent request was never cancelled: cancel the fetch once the timeout wins")

    // A long joke, its length drawn: one cut to its first 40 characters passed while every joke
    // was 35 (an audit's, helper 164).
    let laughs = String(repeating: " Ha!", count: CheckServices.random(in: 40...100))
    let joke = "Why did the rover stop? Cosmic \(CheckServices.random(in: 100...999))." + laughs
    let fastClock = ManualClock()
    let quick = await within(stuckAfter) {
        await jokeOrOffline(clock: fastClock, timeout: timeout, fetch: { joke })
    }
    try? await Task.sleep(for: .milliseconds(20))
    report.expect(
        quick == joke && fastClock.sleepingCount == 0, "a joke that arrives first is shown, and the timeout's sleep ends with it",
        otherwise: quick == nil
            ? "with a joke that arrives at once, it did not answer within 3 s: return the first answer and cancel the timeout"
            : quick != joke
                ? shownInstead(of: joke, quick ?? "")
                : "the joke was shown but the timeout's sleep was left running on the clock: cancel it")

    // A timeout of hours, on a clock of its own (no real time passes), moved on to a microsecond
    // before its deadline: an answer that caps the timeout (`min(timeout, .seconds(5))` passed while
    // every timeout was a few seconds) has ended its sleep and says "offline", whatever its cap. The
    // timeout has microseconds too: one truncated to whole milliseconds (`.milliseconds(Int(timeout
    // / .milliseconds(1)))` passed while every timeout was whole milliseconds) ends early as well.
    let hours = CheckServices.random(in: 2...24)
    let microseconds = CheckServices.random(in: 10...990)
    let longTimeout = Duration.seconds(hours * 3_600) + .microseconds(microseconds)
    let longText = "\(hours) hours and \(microseconds) µs"
    let longClock = ManualClock()
    // The fetch does not hear its cancellation (a service that answers anyway) and its joke comes
    // only once the check lets it, after the deadline: an answer that slept past a long timeout (a
    // sleep of twice the timeout when it was over an hour passed while the check stopped a
    // microsecond short) or took a joke that came after the timeout had won shows it.
    let jokeGate = Gate()
    let fetchCancelled = Locked(false)
    let longAnswer = Locked<String?>(nil)
    Task {
        let text = await jokeOrOffline(clock: longClock, timeout: longTimeout) {
            await withTaskCancellationHandler {
                await jokeGate.wait()
                return joke
            } onCancel: {
                fetchCancelled.withLock { $0 = true }
            }
        }
        longAnswer.withLock { $0 = text }
    }
    report.waiting("jokeOrOffline with a timeout of \(longText)")
    _ = await within(stuckAfter) { await longClock.sleepers(reach: 1) }
    longClock.advance(by: longTimeout - .microseconds(1))
    // A sleep whose deadline has come is off the clock when advance returns, and its answer
    // follows; a sleep for the whole timeout is still on it.
    _ = await poll(for: stuckAfter) { longAnswer.withLock { $0 } != nil || longClock.sleepingCount > 0 }
    let beforeDeadline = longAnswer.withLock { $0 }
    let stillSleeping = longClock.sleepingCount > 0
    report.expect(
        beforeDeadline == nil && stillSleeping,
        "with a timeout of \(longText) on its clock, it was still waiting a microsecond before the deadline",
        otherwise: beforeDeadline != nil
            ? "with a timeout of \(longText) it said \"\(beforeDeadline ?? "")\" once the clock had moved 1 µs less, before its deadline: sleep for the whole timeout it was given, however long, to its last microsecond"
            : "with a timeout of \(longText), its sleep on the clock ended once the clock had moved 1 µs less, before its deadline, and it did not answer: sleep for the whole timeout it was given, however long, to its last microsecond")
    // The last microsecond: the timeout wins, and a correct answer cancels the fetch. Only then
    // does the joke come (late), so a correct answer, whose group waits for the deaf fetch, still
    // says "offline"; the same 3 s as everywhere here for what a correct answer does at once.
    // A sleep past the deadline is still on the clock as soon as advance returns (no wait then). An
    // answer that did not answer at the first deadline is not waited for again (its waits would
    // outlast the check's time limit).
    let triedAtDeadline = beforeDeadline == nil && atDeadline != nil
    longClock.advance(by: .microseconds(1))
    if triedAtDeadline {
        _ = await poll(for: stuckAfter) {
            fetchCancelled.withLock { $0 } || longAnswer.withLock { $0 } != nil || longClock.sleepingCount > 0
        }
    }
    let sleptPast = longClock.sleepingCount > 0
    let cancelledAtDeadline = fetchCancelled.withLock { $0 }
    jokeGate.open()
    if triedAtDeadline { _ = await poll(for: stuckAfter) { longAnswer.withLock { $0 } != nil } }
    let atLongDeadline = longAnswer.withLock { $0 }
    report.expect(
        triedAtDeadline && atLongDeadline == "offline",
        "at the \(longText) deadline it said \"offline\", and a joke that came after it was not shown",
        otherwise: beforeDeadline != nil
            ? "with a timeout of \(longText) it had answered before the deadline (above), so it was not there to say \"offline\" at it"
            : !triedAtDeadline
            ? "with a timeout of \(longText), the deadline itself was not tried: it did not answer at the first deadline either (above)"
            : sleptPast
            ? "with a timeout of \(longText), a sleep of its own on the clock was still waiting once the clock had moved the whole timeout\(atLongDeadline.map { text in text == joke ? ", and it showed the joke that came after" : ", and it said \"\(text.prefix(80))\"" } ?? ""): sleep for the whole timeout it was given, however long, and not longer"
            : atLongDeadline == nil
            ? "with a timeout of \(longText), it did not answer within 3 s once the deadline had passed and the late joke had come"
            : atLongDeadline == joke
            ? (cancelledAtDeadline
                ? "with a timeout of \(longText), it cancelled the fetch once the deadline came, then showed the joke that came after it: once the timeout wins, the answer is \"offline\", whatever comes later"
                : "with a timeout of \(longText), it showed a joke that came after the deadline, and the fetch was never cancelled: once the timeout wins, cancel the fetch and say \"offline\"")
            : "at the \(longText) deadline it said \"\(String(atLongDeadline?.prefix(80) ?? ""))\" instead of \"offline\"")

    // The failing service counts its calls: a retry that stops once the race is lost (`if
    // Task.isCancelled { return nil }` before asking again) passed while only the silent service,
    // whose one request is cancelled, counted (an audit's, helper 176).
    let brokenClock = ManualClock()
    let brokenCalls = Locked(0)
    let failed = await within(stuckAfter) {
        await jokeOrOffline(clock: brokenClock, timeout: timeout) {
            brokenCalls.withLock { $0 += 1 }
            throw ServiceDown()
        }
    }
    let asked = brokenCalls.withLock { $0 }
    report.expect(
        failed == "offline" && asked == 1, "a failed fetch shows \"offline\" at once",
        otherwise: failed == nil
            ? "a failed fetch did not answer within 3 s (the clock was not advanced): show \"offline\" as soon as the fetch fails"
            : failed != "offline"
            ? "a failed fetch showed \"\(failed ?? "")\" instead of \"offline\""
            : asked == 0 ? "with a service that fails, it said \"offline\" without asking it: ask the service once"
            : "a failed fetch showed \"offline\", but the failing service was asked \(counted(asked, "time")): ask once, and show \"offline\" as soon as the fetch fails")

    // The real clock's call began beside the first ones; it has had 3 s, here or in the wait below.
    _ = await poll(for: stuckAfter - realBegan.duration(to: .now)) { realAnswer.withLock { $0 } != nil }
    let (onRealClock, took): (String?, Duration) = realAnswer.withLock { $0 } ?? (nil, realBegan.duration(to: .now))
    let realCancellations = realSilent.cancelled.withLock { $0 }
    report.expect(
        onRealClock == "offline" && took >= realTimeout && realCancellations == 1,
        "on a real clock (ContinuousClock), with a timeout of \(realTimeout) and the service silent, it said \"offline\" after \(took.humanReadable) and the request was cancelled",
        otherwise: onRealClock == nil
            ? "on a real clock (ContinuousClock), with a timeout of \(realTimeout) and the service silent, it did not answer within \(took.humanReadable): time out on whatever clock it is given, not only on a test's"
            : onRealClock != "offline"
            ? "on a real clock (ContinuousClock), with a timeout of \(realTimeout) and the service silent, it said \"\(onRealClock ?? "")\" instead of \"offline\""
            : took < realTimeout
                ? "on a real clock (ContinuousClock), with a timeout of \(realTimeout), it said \"offline\" after \(took.humanReadable), before the timeout: wait for the timeout on whatever clock it is given"
                : "on a real clock (ContinuousClock), with a timeout of \(realTimeout), it said \"offline\", but \(realCancellations) requests to the silent service were cancelled: ask once, and cancel that request once the timeout wins")
}

/// What was shown instead of a joke that arrived at once, in a sentence: a long joke is not
/// quoted whole, and one cut short is told so, with its length and the part shown.
func shownInstead(of joke: String, _ shown: String) -> String {
    if !shown.isEmpty, shown.count < joke.count, joke.hasPrefix(shown) {
        return "with a joke of \(joke.count) characters that arrives at once, it showed its first \(shown.count): show the whole joke"
    }
    return "with a joke that arrives at once (\"\(joke.prefix(40))…\", \(joke.count) characters), it said \"\(shown.prefix(80))\(shown.count > 80 ? "…" : "")\""
}
