// alternative: the actor runs on a thread of its own (LabCore's DedicatedThreadExecutor as its custom executor); its method records a vote
import LabCore

actor Scoreboard {
    var votes: [String: Int] = [:]
    private let thread = DedicatedThreadExecutor(name: "scoreboard")

    // The thread ends with the actor: nothing can be queued on it once no one holds the actor.
    deinit { thread.stop() }

    nonisolated var unownedExecutor: UnownedSerialExecutor { thread.asUnownedSerialExecutor() }

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
