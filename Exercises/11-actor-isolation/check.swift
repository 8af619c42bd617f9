import LabCore
@testable import StudentCode

let plannedExpectations = 3

func runCheck(_ report: CheckReport) async {
    let names = ["Espresso", "Latte", "Cortado", "Flat white"].shuffled().prefix(3)
    let ballots = (0..<CheckServices.random(in: 2000...4000)).map { _ in names.randomElement()! }
    var expected: [String: Int] = [:]
    for ballot in ballots { expected[ballot, default: 0] += 1 }
    let board = Scoreboard()
    report.expect((Scoreboard.self as Any.Type) is any Actor.Type, "Scoreboard is still an actor",
                  otherwise: "Scoreboard is no longer an actor: keep the actor and give it a method")
    // Every count runs on one thread of the check's own (a task executor preference, which the
    // votes' child tasks inherit), first in, first out: each hop to the board and back waits its
    // turn behind every vote queued before it. A vote that reads the tally in one call and writes
    // it back in another is overtaken by every other vote in between, on every run: on the thread
    // pool it ran its two calls back to back, and passed 3 runs in 3 on two cores.
    let serial = DedicatedThreadExecutor(name: "check 11 · votes")
    defer { serial.stop() }
    report.waiting("countVotes for \(ballots.count) ballots")
    await withTaskExecutorPreference(serial) { await countVotes(ballots, on: board) }
    let votes = await board.votes
    let tallied = votes.values.reduce(0, +)
    report.expect(votes == expected, "all \(ballots.count) votes counted",
                  otherwise: tallied < ballots.count
                      ? "\(tallied) of \(ballots.count) votes counted (expected \(expected), got \(votes)): a vote must add to the tally in one call inside the actor; one that reads the count, awaits, and writes it back loses the votes counted in between"
                      : "expected \(expected), got \(votes)")

    // Two counts at once onto one board, which already holds votes: each adds its ballots to
    // what is there (a count that replaces the board's tally loses the other's, and the earlier).
    let shared = Scoreboard()
    let seed = Array(ballots.prefix(CheckServices.random(in: 10...50)))
    await withTaskExecutorPreference(serial) { await countVotes(seed, on: shared) }
    let morning = (0..<CheckServices.random(in: 300...600)).map { _ in names.randomElement()! }
    let evening = (0..<CheckServices.random(in: 300...600)).map { _ in names.randomElement()! }
    report.waiting("two counts at once onto a board that already holds \(seed.count) votes")
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
}
