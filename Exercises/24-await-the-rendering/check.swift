// No given code for this exercise.
// MARK: - The answer's face
/// What the check calls of the answer: it is compiled once for every answer, against this
/// (see `AnswerFace` in the lab's grader), and reaches the answer only through `labAdaptor`.
struct AnswerFace: Sendable {
    let makePrefetcher: @Sendable (@escaping @Sendable (String) async -> Int) -> AnswerPrefetcherHandle
}

/// One prefetcher of the answer's, reached by closures around it.
struct AnswerPrefetcherHandle: Sendable {
    let prefetch: @Sendable (String) async -> Void
    let thumbnail: @Sendable (String) async -> Int?
    let prefetchedAndAskedInOneTurn: @Sendable (String) async -> Int?
}

// MARK: - How the check reaches the answer
func labAdaptor() -> AnswerFace {
    AnswerFace(makePrefetcher: { render in
        let prefetcher = ThumbnailPrefetcher(render: { await render($0) })
        return AnswerPrefetcherHandle(
            prefetch: { await prefetcher.prefetch($0) },
            thumbnail: { await prefetcher.thumbnail($0) },
            prefetchedAndAskedInOneTurn: { await prefetcher.labPrefetchedAndAskedInOneTurn($0) })
    })
}

extension ThumbnailPrefetcher {
    /// prefetch and then thumbnail, with nothing between them: in one turn of the prefetcher's
    /// actor, so no task the prefetch started that needs that actor can have run in between.
    /// prefetch is reached through an `@isolated(any)` async function so that an answer whose
    /// prefetch is `async` builds too, with no warning for one that is not: a call to it runs in
    /// place on the prefetcher's actor, which it is already on (a task such a prefetch started had
    /// run in none of 2,000 such calls, measured in a program of its own, on two CPUs and on one).
    /// Named as no answer's own member would be: a second declaration of the name does not compile.
    func labPrefetchedAndAskedInOneTurn(_ name: String) async -> Int? {
        let start: @isolated(any) (String) async -> Void = prefetch
        await start(name)
        return await thumbnail(name)
    }
}

// MARK: - The check
import Foundation
import LabCore
@testable import StudentCode

let plannedExpectations = 7

/// The answer's prefetcher, called as the exercise declares it.
struct ThumbnailPrefetcher: Sendable {
    let answer: AnswerPrefetcherHandle

    init(render: @escaping @Sendable (String) async -> Int) { answer = labAdaptor().makePrefetcher(render) }

    func prefetch(_ name: String) async { await answer.prefetch(name) }

    func thumbnail(_ name: String) async -> Int? { await answer.thumbnail(name) }

    /// prefetch and then thumbnail in one turn of the prefetcher's actor (the adaptor's extension).
    func prefetchedAndAskedInOneTurn(_ name: String) async -> Int? { await answer.prefetchedAndAskedInOneTurn(name) }
}

/// A renderer the check controls: each rendering waits until the check says it is done, so
/// "still rendering" and "just finished" are moments the check chooses, not timings it hopes for.
final class RenderDesk: Sendable {
    /// Each name's calls, and the gate its renderings wait at (see Gate in Support).
    private let state = Locked((calls: [String: Int](), gates: [String: Gate]()))
    let sizes: [String: Int]

    init(sizes: [String: Int]) { self.sizes = sizes }

    private func gate(_ name: String) -> Gate {
        state.withLock { state in
            if let gate = state.gates[name] { return gate }
            let gate = Gate()
            state.gates[name] = gate
            return gate
        }
    }

    func render(_ name: String) async -> Int {
        state.withLock { $0.calls[name, default: 0] += 1 }
        await gate(name).wait()
        return sizes[name] ?? 0
    }

    func finish(_ name: String) { gate(name).open() }

    func calls(_ name: String) -> Int { state.withLock { $0.calls[name] ?? 0 } }
}

/// One asking of thumbnail while its rendering is held for `hold`: what it answered meanwhile,
/// what stirred its task, and what it returned once the rendering ended.
struct HeldRound {
    let hold: Duration
    /// thumbnail's answer if it came while the rendering was held (a guess).
    var early: (size: Int?, at: ContinuousClock.Instant)?
    var stirrings = Stirrings()
    /// What it returned after the rendering ended, and how long after; nil if not within 3 s.
    var late: (size: Int?, after: Duration)?
    /// What woke its task once the rendering ended, before it returned (or 3 s passed): the end of
    /// the task it awaited, and nothing else.
    var afterwards = Stirrings()

    /// Holds the rendering of `name` (prefetched, its rendering started) for `hold`, while
    /// thumbnail's task runs on a watch, then lets it end and watches what wakes the task.
    static func run(_ prefetcher: ThumbnailPrefetcher, _ name: String, desk: RenderDesk, hold: Duration, still: StillnessWatch)
        async -> HeldRound
    {
        var round = HeldRound(hold: hold)
        let answer = Locked<(size: Int?, at: ContinuousClock.Instant)?>(nil)
        let early = Locked<(size: Int?, at: ContinuousClock.Instant)?>(nil)
        let finished = Locked(ContinuousClock.now)
        // The whole hold, stirred or not: what the answer returned during it is judged too. 3 s
        // after the end: an answer that also awaits the other renderings never returns here.
        let (_, stirrings, afterwards) = await still.holdThenLetGo(
            hold, endingWhenStirred: false, within: .seconds(3),
            letGo: {
                early.withLock { $0 = answer.withLock { $0 } }
                finished.withLock { $0 = .now }
                desk.finish(name)
            }
        ) {
            let result = await prefetcher.thumbnail(name)
            answer.withLock { $0 = (result, .now) }
        }
        round.early = early.withLock { $0 }
        round.stirrings = stirrings
        round.afterwards = afterwards
        let end = finished.withLock { $0 }
        round.late = answer.withLock { $0 }.map { ($0.size, end.duration(to: $0.at)) }
        return round
    }
}

func runCheck(_ report: CheckReport) async {
    let still = await StillnessWatch()
    let name = "sol-\(CheckServices.random(in: 1000...9999)).jpg"
    let second = "sol-\(CheckServices.random(in: 1000...9999))-b.jpg"
    let size = CheckServices.random(in: 100...999)
    let secondSize = size + CheckServices.random(in: 1...99)
    let longest = "sol-\(CheckServices.random(in: 1000...9999))-l.jpg"
    let longestSize = secondSize + CheckServices.random(in: 1...99)
    let desk = RenderDesk(sizes: [name: size, second: secondSize, longest: longestSize])
    let prefetcher = ThumbnailPrefetcher(render: { await desk.render($0) })
    await prefetcher.prefetch(name)
    await prefetcher.prefetch(second)
    await prefetcher.prefetch(longest)
    // The renderings under way, their tasks off the actor: the actor is free for thumbnail's task.
    _ = await poll(for: CheckServices.patience) { desk.calls(name) > 0 && desk.calls(second) > 0 && desk.calls(longest) > 0 }

    // Two holds, 300 ms and 650 ms: a thumbnail that answers during one guessed. A wait of a fixed
    // length passes at most one of them (it must outlast the hold and end within 300 ms of it: at
    // most 350 ms keeps the two apart), and a sleep before awaiting that ends within the longer hold
    // is a timer waking the task. A third of 1.5 s: a thumbnail that raced the rendering against a
    // timeout of its own (1 s) outlasted both, its sleep ended by a cancellation after each, and
    // passed (an audit's); here its timeout ends first, and it answers while the rendering goes on,
    // on any platform. A task that shows a spinner after 2 s (a review's) answers nothing and is not
    // woken in it, and passes: the hold draws the line between a timeout and such a notice at 1.5 s.
    report.waiting("thumbnail(\"\(name)\") while its rendering takes 300 ms, thumbnail(\"\(second)\") while it takes 650 ms, then thumbnail(\"\(longest)\") while it takes 1.5 s")
    let rounds = [
        await HeldRound.run(prefetcher, name, desk: desk, hold: .milliseconds(300), still: still),
        await HeldRound.run(prefetcher, second, desk: desk, hold: .milliseconds(650), still: still),
        await HeldRound.run(prefetcher, longest, desk: desk, hold: .milliseconds(1_500), still: still),
    ]
    let guessed = rounds.first { $0.early != nil }
    report.expect(
        guessed == nil, "thumbnail waited while each rendering was going (300 ms, 650 ms, 1.5 s)",
        otherwise: "thumbnail returned \(guessed?.early?.size.map(String.init) ?? "nil") while a rendering of \(guessed?.hold.humanReadable ?? "") was still going: await the rendering prefetch started"
    )
    // Nothing but the rendering's end may wake a task that awaits it (see Stirrings): during the
    // hold, nor after it, before it returns (a sleep kept after the await wakes it by its timer).
    let stirred = rounds.first { !$0.stirrings.stillWaiting }
    // After the end only wakes from outside count: the hops of a correct wait (an async let's own
    // await ran 5 times) are not a sleep's timer.
    let wokenAfter = rounds.first { $0.afterwards.timers > 0 }
    report.expect(
        stirred == nil && wokenAfter == nil,
        "while the renderings were going, no timer woke thumbnail's task, it did not loop"
            + (still.poolWatched ? ", and no other task of yours was woken on the thread pool" : "")
            + "; once each ended, its end alone woke it",
        otherwise: stirred.flatMap {
            $0.stirrings.problem(while: "a rendering was going (\($0.hold.humanReadable))", awaiting: "the rendering itself")
        } ?? wokenAfter.map { round in
            "once the check ended a rendering of \(round.hold.humanReadable) and before thumbnail returned, its task was woken \(counted(round.afterwards.timers, "time")) from outside it (a timer, or code on another actor or thread): it slept or looked after the rendering ended; return the size as soon as the rendering ends"
        } ?? "")
    let expected = [size, secondSize, longestSize]
    let wrong = zip(rounds, expected).first { round, size in round.late?.size != size }
    let slow = rounds.first { ($0.late?.after ?? .zero) >= .milliseconds(300) }
    // Generous: a busy machine may take tens of milliseconds to run the waiting task.
    let afters = rounds.compactMap { $0.late?.after.humanReadable }.joined(separator: " and ")
    // A wrong size, or none, is the code's; a right one returned late is the clock's word alone.
    if let (round, size) = wrong {
        report.fail(
            round.late == nil
                ? "thumbnail did not return within 3 s of the end of a rendering of \(round.hold.humanReadable): await that rendering itself, and nothing else (not a duration, nor the other renderings under way)"
                : "it returned \(round.late?.size.map(String.init) ?? "nil") instead of \(size), the rendered size")
    } else {
        report.expectInTime(
            slow == nil, "it returned each rendered size, \(afters) after the rendering ended",
            otherwise: "it returned \(slow?.late?.after.humanReadable ?? "") after a rendering of \(slow?.hold.humanReadable ?? "") ended: await the rendering itself, not a duration")
    }
    // 3 s: a cached answer comes at once, so only a stuck answer waits this out; a busy machine
    // that stalled a correct one for a second is not taken for one.
    let again = await within(.seconds(3)) { await prefetcher.thumbnail(name) } ?? nil
    report.expect(
        again == size && desk.calls(name) == 1, "asked again, it returned \(size) and the image was rendered once",
        otherwise: desk.calls(name) > 1
            ? "the image was rendered twice (\(desk.calls(name)) times): await the rendering prefetch started instead of starting another"
            : "asked again after the rendering, it returned \(again.map(String.init) ?? "nil")")
    // Two callers ask for one thumbnail at once, while it renders: both wait, and both get it (one
    // continuation kept per name, the second replacing the first, left the first waiting for ever).
    // Another thumbnail's rendering ends first, while they wait: waiters woken by any rendering's
    // end that return what is there for their name returned nil (an audit's; the holds above end
    // only the rendering asked for). Off the watch: a wait woken by it that looks again is right.
    let third = "sol-\(CheckServices.random(in: 1000...9999))-c.jpg"
    let other = "sol-\(CheckServices.random(in: 1000...9999))-d.jpg"
    let thirdDesk = RenderDesk(sizes: [third: size + 200, other: size + 300])
    let thirdPrefetcher = ThumbnailPrefetcher(render: { await thirdDesk.render($0) })
    await thirdPrefetcher.prefetch(third)
    await thirdPrefetcher.prefetch(other)
    _ = await poll(for: CheckServices.patience) { thirdDesk.calls(third) > 0 && thirdDesk.calls(other) > 0 }
    report.waiting("thumbnail(\"\(third)\") asked twice at once while it renders, and \"\(other)\"'s rendering ends first")
    let answers = Locked<[Int?]>([])
    let callers = (0..<2).map { _ in
        Task { let result = await thirdPrefetcher.thumbnail(third); answers.withLock { $0.append(result) } }
    }
    try? await Task.sleep(for: .milliseconds(50))
    thirdDesk.finish(other)
    try? await Task.sleep(for: .milliseconds(50))
    thirdDesk.finish(third)
    _ = await within(.seconds(3)) { for caller in callers { await caller.value } }
    let both = answers.withLock { $0 }
    report.expect(
        both == [size + 200, size + 200], "two callers asking for one thumbnail at once both got \(size + 200)",
        otherwise: both.count < 2
            ? "of two callers asking for one thumbnail at once, \(both.isEmpty ? "neither" : "one") got no answer (3 s after the rendering ended): keep every caller waiting, not only the last (a list of continuations, or await one shared task)"
            : "two callers asking for one thumbnail at once got \(both.map { $0.map(String.init) ?? "nil" }), not \(size + 200) each"
                + (both.contains(nil) ? " (the check let \"\(other)\"'s rendering end 50 ms earlier: wait for the rendering of the name asked for)" : ""))
    // Asked in the very turn of the prefetcher's that prefetched it (as a view's own method, or a
    // test, asks right after onAppear's prefetch): the task prefetch started may not have run yet.
    // Everywhere else the check asks only once the rendering has begun, so an answer that marked a
    // name as rendering inside that task, not in prefetch itself, passed and answered nil here (the
    // flaky test the exercise is about; session 57's audit). Its rendering is let through at once.
    let fourth = "sol-\(CheckServices.random(in: 1000...9999))-e.jpg"
    let fourthDesk = RenderDesk(sizes: [fourth: size + 400])
    fourthDesk.finish(fourth)
    let fourthPrefetcher = ThumbnailPrefetcher(render: { await fourthDesk.render($0) })
    report.waiting("thumbnail(\"\(fourth)\") asked in the same turn of the prefetcher's as prefetch(\"\(fourth)\")")
    let inOneTurn = await within(.seconds(3)) { await fourthPrefetcher.prefetchedAndAskedInOneTurn(fourth) }
    let sameTurn = "asked in the same turn of the prefetcher's as prefetch(\"\(fourth)\")"
    report.expect(
        inOneTurn == .some(size + 400) && fourthDesk.calls(fourth) == 1,
        "\(sameTurn), thumbnail waited for that rendering and got \(size + 400)",
        otherwise: fourthDesk.calls(fourth) > 1
            ? "\(sameTurn), the image was rendered \(fourthDesk.calls(fourth)) times: await the rendering prefetch started instead of starting another"
            : inOneTurn == nil
            ? "\(sameTurn), thumbnail did not return within 3 s (the rendering took no time)"
            : "\(sameTurn), thumbnail returned \(inOneTurn.flatMap { $0 }.map(String.init) ?? "nil") instead of \(size + 400): a name is rendering from the moment prefetch returns (the task it starts may not have run yet); record the rendering in prefetch itself")
    let stranger = "never-\(CheckServices.random(in: 1000...9999)).jpg"
    report.waiting("thumbnail(\"\(stranger)\"), never prefetched")
    // On the watch: an answer that looks again and again for a prefetch that may yet come (every
    // 25 ms for 500 ms passed the 1 s bound alone) is woken meanwhile.
    // And timed: one sleep past the hold (350 ms, 900 ms) passed the 1 s bound alone (an audit's).
    // The bound is the hold itself: a sleep that ends in it wakes the task there, one that ends
    // past it returns past it. A correct answer, which returns at once, has the whole 500 ms for a
    // busy machine's stalls (the bound was 150 ms, in a hold of 300 ms).
    let strangerHold = Duration.milliseconds(500)
    let asked = ContinuousClock.now
    let (asking, strangerStirrings) = await still.hold(strangerHold) {
        (await prefetcher.thumbnail(stranger), ContinuousClock.now)
    }
    let answered = await within(.seconds(3)) { await asking.value }
    let unknown = answered.map(\.0)
    let took = answered.map { asked.duration(to: $0.1) } ?? .seconds(3)
    let restless = strangerStirrings.whatStirred.map {
        "thumbnail(\"\(stranger)\") for a name never prefetched: while it was asked, \($0): with no rendering to wait for, return nil at once, and let nothing look again and again"
    }
    let wrongAnswer: String =
        if let restless { restless }
        else if unknown == nil {
            "thumbnail(\"\(stranger)\") for a name never prefetched did not return within 3 s: return nil when there is no rendering to wait for"
        } else if took >= strangerHold {
            "thumbnail(\"\(stranger)\") for a name never prefetched returned after \(took.humanReadable): with no rendering to wait for, return nil at once"
        } else if desk.calls(stranger) > 0 {
            // An answer that renders it for next time and returns nil (an audit's) was told to return nil.
            "thumbnail(\"\(stranger)\") for a name never prefetched returned \(unknown.flatMap { $0 }.map(String.init) ?? "nil") and rendered it \(counted(desk.calls(stranger), "time")): return nil, and render nothing nobody prefetched"
        } else {
            "thumbnail(\"\(stranger)\") for a name never prefetched returned \(unknown.flatMap { $0 }.map(String.init) ?? "nil"): return nil"
        }
    let rightButLate = unknown == .some(nil) && desk.calls(stranger) == 0 && restless == nil
    if rightButLate {
        report.expectInTime(took < strangerHold, "a name never prefetched got nil at once (\(took.humanReadable))", otherwise: wrongAnswer)
    } else {
        report.fail(wrongAnswer)
    }
}
