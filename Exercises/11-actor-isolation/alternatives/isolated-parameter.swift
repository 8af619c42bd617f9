// alternative: countVotes takes the board as an isolated parameter and changes its votes there, one ballot after another
import LabCore

actor Scoreboard {
    var votes: [String: Int] = [:]
}

// The counting runs on the board's actor: an isolated parameter makes its state ours to change.
func countVotes(_ ballots: [String], on board: isolated Scoreboard) async {
    for ballot in ballots {
        board.votes[ballot, default: 0] += 1
    }
}
