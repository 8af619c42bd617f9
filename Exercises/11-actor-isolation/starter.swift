import LabCore

// Exercise 11 · actors · Make it compile: touching an actor's state
//
// A scoreboard actor counts votes. The counting code changes the actor's dictionary
// directly, from outside the actor, and Swift 6 rejects it.
//
// TODO: make it compile by giving Scoreboard a method that records a vote, and call
// it. Every vote must count, even with many tasks voting at once.

actor Scoreboard {
    var votes: [String: Int] = [:]
}

func countVotes(_ ballots: [String], on board: Scoreboard) async {
    await withTaskGroup(of: Void.self) { group in
        for ballot in ballots {
            group.addTask {
                board.votes[ballot, default: 0] += 1
            }
        }
    }
}
