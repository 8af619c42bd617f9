// alternative: the ballots split in two halves, each counted by an async let, one awaited vote call per ballot
import LabCore

actor Scoreboard {
    private(set) var votes: [String: Int] = [:]

    func vote(for name: String) {
        votes[name, default: 0] += 1
    }
}

func countVotes(_ ballots: [String], on board: Scoreboard) async {
    let middle = ballots.count / 2
    async let front: Void = count(ballots[..<middle], on: board)
    async let back: Void = count(ballots[middle...], on: board)
    _ = await (front, back)
}

private func count(_ ballots: ArraySlice<String>, on board: Scoreboard) async {
    for ballot in ballots { await board.vote(for: ballot) }
}
