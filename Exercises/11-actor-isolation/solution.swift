import LabCore

// Exercise 11 · solution: the actor changes its own state; others ask it to.

actor Scoreboard {
    var votes: [String: Int] = [:]

    func vote(for name: String) {
        votes[name, default: 0] += 1
    }
}

func countVotes(_ ballots: [String], on board: Scoreboard) async {
    await withTaskGroup(of: Void.self) { group in
        for ballot in ballots {
            group.addTask { await board.vote(for: ballot) }
        }
    }
}
