import LabCore
@testable import StudentCode

let plannedExpectations = 2

func runCheck(_ report: CheckReport) async {
    let names = ["Espresso", "Latte", "Cortado", "Flat white"].shuffled().prefix(3)
    let ballots = (0..<CheckServices.random(in: 2000...4000)).map { _ in names.randomElement()! }
    var expected: [String: Int] = [:]
    for ballot in ballots { expected[ballot, default: 0] += 1 }
    let board = Scoreboard()
    report.expect((Scoreboard.self as Any.Type) is any Actor.Type, "Scoreboard is still an actor",
                  otherwise: "Scoreboard is no longer an actor: keep the actor and give it a method")
    report.waiting("countVotes for \(ballots.count) ballots")
    await countVotes(ballots, on: board)
    let votes = await board.votes
    report.expect(votes == expected, "all \(ballots.count) votes counted",
                  otherwise: "expected \(expected), got \(votes)")
}
