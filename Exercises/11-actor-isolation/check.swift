import LabCore

// MARK: - The answer's face
/// What the check calls of the answer: it is compiled once for every answer, against this
/// (see `AnswerFace` in the lab's grader), and reaches the answer only through `labAdaptor`.
struct AnswerFace: Sendable {
    /// `Scoreboard.self as Any.Type`: the check tells at run time whether it is an actor's, as
    /// before (a cast to `any Actor.Type` of a struct's type compiled into the answer's module
    /// leaves a C-named helper there, which the grader refuses).
    let scoreboardType: @Sendable () -> Any.Type
    /// A new `Scoreboard()`.
    let newScoreboard: @Sendable () -> AnswerScoreboardHandle
}

/// One `Scoreboard` of the answer's, reached through closures around it.
struct AnswerScoreboardHandle: Sendable {
    /// The board itself, which the check casts to `any Actor` (nil when it is none).
    let board: any Sendable
    /// `await board.votes`.
    let readVotes: @Sendable () async -> [String: Int]
    /// `await countVotes(ballots, on: board)`.
    let countVotes: @Sendable ([String]) async -> Void
}

// MARK: - How the check reaches the answer
func labAdaptor() -> AnswerFace {
    AnswerFace(
        scoreboardType: { Scoreboard.self as Any.Type },
        newScoreboard: {
            let board = Scoreboard()
            return AnswerScoreboardHandle(
                board: board, readVotes: { await board.votes },
                countVotes: { await countVotes($0, on: board) })
        })
}

// MARK: - The check
import Foundation
import LabCore
@testable import StudentCode

let plannedExpectations = 4

/// The answer's Scoreboard, as the check knows it: a handle on one instance.
typealias Scoreboard = AnswerScoreboardHandle

extension AnswerScoreboardHandle {
    /// The board's votes, read as the check read them.
    var votes: [String: Int] { get async { await readVotes() } }
}

/// A new board of the answer's, as `Scoreboard()` made it.
func newScoreboard() -> Scoreboard { labAdaptor().newScoreboard() }

/// The answer's function, called as the exercise declares it.
func countVotes(_ ballots: [String], on board: Scoreboard) async { await board.countVotes(ballots) }

func runCheck(_ report: CheckReport) async {
    let names = ["Espresso", "Latte", "Cortado", "Flat white"].shuffled().prefix(3)
    let ballots = (0..<CheckServices.random(in: 2000...4000)).map { _ in names.randomElement()! }
    var expected: [String: Int] = [:]
    for ballot in ballots { expected[ballot, default: 0] += 1 }
    let board = newScoreboard()
    report.expect(labAdaptor().scoreboardType() is any Actor.Type, "Scoreboard is still an actor",
                  otherwise: "Scoreboard is no longer an actor: keep the actor and give it a method")
    // Every count runs on one thread of the check's own (a task executor preference, which the
    // votes' child tasks inherit), first in, first out: each hop to the board and back waits its
    // turn behind every vote queued before it. A vote that reads the tally in one call and writes
    // it back in another is overtaken by every other vote in between, on every run: on the thread
    // pool it ran its two calls back to back, and passed 3 runs in 3 on two cores.
    let serial = DedicatedThreadExecutor(name: "check 11 · votes")
    defer { serial.stop() }
    report.waiting("countVotes for \(ballots.count) ballots", calls: ballots.count)
    await withTaskExecutorPreference(serial) { await countVotes(ballots, on: board) }
    let votes = await board.votes
    let tallied = votes.values.reduce(0, +)
    report.expect(votes == expected, "all \(ballots.count) votes counted",
                  otherwise: tallied < ballots.count
                      ? "\(tallied) of \(ballots.count) votes counted (expected \(expected), got \(votes)): a vote must add to the tally in one call inside the actor; one that reads the count, awaits, and writes it back loses the votes counted in between"
                      : "expected \(expected), got \(votes)")

    // Two counts at once onto one board, which already holds votes: each adds its ballots to
    // what is there (a count that replaces the board's tally loses the other's, and the earlier).
    let shared = newScoreboard()
    let seed = Array(ballots.prefix(CheckServices.random(in: 10...50)))
    await withTaskExecutorPreference(serial) { await countVotes(seed, on: shared) }
    let morning = (0..<CheckServices.random(in: 300...600)).map { _ in names.randomElement()! }
    let evening = (0..<CheckServices.random(in: 300...600)).map { _ in names.randomElement()! }
    report.waiting(
        "two counts at once onto a board that already holds \(seed.count) votes", calls: morning.count + evening.count)
    await withTaskExecutorPreference(serial) {
        async let first: Void = countVotes(morning, on: shared)
        async let second: Void = countVotes(evening, on: shared)
        _ = await (first, second)
    }
    var all: [String: Int] = [:]
    for ballot in seed + morning + evening { all[ballot, default: 0] += 1 }
    let together = await shared.votes
    let counted = together.values.reduce(0, +)
    report.expect(together == all, "two counts at once onto a board with votes on it kept every vote (\(counted))",
                  otherwise: "two counts at once onto a board holding \(seed.count) votes left \(counted) of \(seed.count + morning.count + evening.count): each vote must add to what the board holds, inside the actor")

    // A count while the check keeps the board's actor busy on a thread of its own: no vote can
    // reach a board whose votes are its own until the hold ends, so countVotes cannot return and
    // a read of its votes cannot end. The counts above run on one thread, where votes kept
    // outside the actor, in a Sendable object of Foundation's (an encoder's userInfo), were never
    // split and passed (an audit's; on the pool they lost 3,210 of 4,000 once in five), as did a
    // Scoreboard that forwarded each vote to another actor.
    let guarded = newScoreboard()
    let ballotsHeld = (0..<CheckServices.random(in: 300...600)).map { _ in names.randomElement()! }
    report.waiting(
        "a count of \(ballotsHeld.count) ballots while the check holds the Scoreboard actor", calls: ballotsHeld.count)
    // Nil: Scoreboard is no actor (told above), and there was nothing to hold.
    let held = await whatEndedWhileTheBoardWasHeld(guarded, for: .milliseconds(400), reading: { await guarded.votes }) {
        await withTaskExecutorPreference(serial) { await countVotes(ballotsHeld, on: guarded) }
    }
    let seen = held ?? (countReturned: false, votesRead: false)
    var heldTally: [String: Int] = [:]
    for ballot in ballotsHeld { heldTally[ballot, default: 0] += 1 }
    // What the board holds once the count has ended: a count that returned during the hold with
    // every vote on the board counted them elsewhere; one that left votes out returned early.
    let afterwards = seen.countReturned ? await guarded.votes : [:]
    let heldCounted = afterwards.values.reduce(0, +)
    report.expect(held != nil && !seen.countReturned && !seen.votesRead,
                  "no vote was counted, nor the votes read, while the check held the Scoreboard actor (400 ms)",
                  otherwise: held == nil
                      ? "the check could not hold Scoreboard while a count ran: it is not an actor"
                      : !seen.countReturned
                      ? "the board's votes were read while the check held the Scoreboard actor: they are kept outside the actor's isolation (another object or actor holds them); keep them in the actor's own stored property, and give it a method that records a vote"
                      : afterwards == heldTally
                      ? "countVotes returned with \(ballotsHeld.count) ballots while the check held the Scoreboard actor, when no vote could reach it: the votes are counted outside the actor's isolation (another object or actor holds them); give Scoreboard a method that records a vote in its own votes, and await it"
                      : "countVotes returned with \(ballotsHeld.count) ballots while the check held the Scoreboard actor, when no vote could reach it, and the board then held \(heldCounted) of them: countVotes returns once every ballot is counted, in the actor")
}

/// What ended while the check held `board`'s actor for `limit` on a thread of its own: `count`
/// (started once the hold had begun) returned, or `reading` the board's votes did. Neither can,
/// for a board whose votes are its own: each needs the actor the hold keeps busy. A Scoreboard
/// that is not an actor (told above) is not held: nil.
func whatEndedWhileTheBoardWasHeld(
    _ board: Scoreboard, for limit: Duration, reading: @escaping @Sendable () async -> [String: Int],
    count: @escaping @Sendable () async -> Void
) async -> (countReturned: Bool, votesRead: Bool)? {
    guard let actor = (board.board as Any) as? any Actor else { return nil }
    let holder = DedicatedThreadExecutor(name: "check 11 · holds the board")
    defer { holder.stop() }
    let begun = Gate()
    let ended = Locked((countReturned: false, votesRead: false))
    let hold = Task(executorPreference: holder) {
        await keepBusy(actor, for: limit, telling: begun) { ended.withLock { $0 } } over: { $0.countReturned && $0.votesRead }
    }
    await begun.wait()
    let counting = Task {
        await count()
        ended.withLock { $0.countReturned = true }
    }
    let read = Task {
        _ = await reading()
        ended.withLock { $0.votesRead = true }
    }
    let whileHeld = await hold.value
    await counting.value
    await read.value
    return whileHeld
}

/// HAZARD, on purpose: keeps `actor` busy for `limit` (or until what it `looks` at is `over`), as a
/// long piece of its own work would, on the thread the caller runs it on; opens `begun` once the
/// actor is held, and returns what it saw last, still holding it (a job the hold kept back may run
/// as soon as it ends). It sleeps 2 ms between looks, so the answer's tasks run meanwhile, even on
/// one CPU, and the hold costs no CPU (yielding between looks spent the whole 400 ms of a CPU).
func keepBusy<Seen>(
    _ actor: isolated any Actor, for limit: Duration, telling begun: Gate, looking look: () -> Seen,
    over: (Seen) -> Bool
) -> Seen {
    begun.open()
    let end = ContinuousClock.now + limit
    var seen = look()
    while ContinuousClock.now < end, !over(seen) {
        usleep(2_000)
        seen = look()
    }
    return seen
}
