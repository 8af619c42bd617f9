// alternative: counts the ballots locally, then merges the tally into the board's in one actor call (adding, not replacing)
import LabCore

actor Scoreboard {
    var votes: [String: Int] = [:]

    /// Adds a tally counted elsewhere to what the board holds.
    func add(_ tally: [String: Int]) {
        votes.merge(tally, uniquingKeysWith: +)
    }
}

func countVotes(_ ballots: [String], on board: Scoreboard) async {
    var tally: [String: Int] = [:]
    for ballot in ballots { tally[ballot, default: 0] += 1 }
    await board.add(tally)
}
