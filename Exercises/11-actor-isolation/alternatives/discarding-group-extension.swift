// alternative: the vote method in an extension of the actor, called from a discarding task group
import LabCore

actor Scoreboard {
    var votes: [String: Int] = [:]
}

extension Scoreboard {
    func record(_ name: String, times: Int = 1) {
        votes[name, default: 0] += times
    }
}

func countVotes(_ ballots: [String], on board: Scoreboard) async {
    await withDiscardingTaskGroup { group in
        for ballot in ballots {
            group.addTask { await board.record(ballot) }
        }
    }
}
