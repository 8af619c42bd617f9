// mistake: reads the count, then writes it back in a second call: votes are lost between the awaits
// expect: expected
import LabCore

actor Scoreboard {
    var votes: [String: Int] = [:]
    func count(of name: String) -> Int { votes[name, default: 0] }
    func set(_ name: String, _ value: Int) { votes[name] = value }
}

func countVotes(_ ballots: [String], on board: Scoreboard) async {
    await withTaskGroup(of: Void.self) { group in
        for ballot in ballots {
            group.addTask {
                let current = await board.count(of: ballot)
                await Task.yield()
                await board.set(ballot, current + 1)
            }
        }
    }
}
