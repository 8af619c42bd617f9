// mistake: still writes the actor’s dictionary from outside
// expect: does not compile
import LabCore

actor Scoreboard {
    var votes: [String: Int] = [:]
}

func countVotes(_ ballots: [String], on board: Scoreboard) async {
    for ballot in ballots { await board.votes[ballot, default: 0] += 1 }
}
