// alternative: an actor method that runs a closure on its votes, awaited once per ballot in a loop
import LabCore

actor Scoreboard {
    var votes: [String: Int] = [:]

    /// Runs a change to the votes inside the actor.
    func change(_ body: @Sendable (inout [String: Int]) -> Void) {
        body(&votes)
    }
}

func countVotes(_ ballots: [String], on board: Scoreboard) async {
    for ballot in ballots {
        await board.change { $0[ballot, default: 0] += 1 }
    }
}
