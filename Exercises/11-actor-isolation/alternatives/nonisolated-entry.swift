// alternative: a nonisolated async entry that hops onto the actor through a private isolated method
import LabCore

actor Scoreboard {
    var votes: [String: Int] = [:]

    nonisolated func vote(for name: String) async {
        await record(name)
    }

    private func record(_ name: String) {
        votes[name, default: 0] += 1
    }
}

func countVotes(_ ballots: [String], on board: Scoreboard) async {
    await withDiscardingTaskGroup { group in
        for ballot in ballots {
            group.addTask { await board.vote(for: ballot) }
        }
    }
}
