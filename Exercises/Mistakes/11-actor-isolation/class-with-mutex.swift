// mistake: replaces the actor by a class guarding its dictionary with a Mutex
// expect: no longer an actor
import LabCore
import Synchronization

final class Scoreboard: Sendable {
    private let storage = Mutex<[String: Int]>([:])
    var votes: [String: Int] { storage.withLock { $0 } }
    func vote(for name: String) { storage.withLock { $0[name, default: 0] += 1 } }
}

func countVotes(_ ballots: [String], on board: Scoreboard) async {
    await withTaskGroup(of: Void.self) { group in
        for ballot in ballots { group.addTask { board.vote(for: ballot) } }
    }
}
