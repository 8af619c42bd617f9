import LabKit

func runCheck(_ report: CheckReport) async {
    let ballots = (0..<3000).map { ["Espresso", "Latte", "Cortado"][$0 % 3] }
    let board = Scoreboard()
    report.waiting("countVotes for 3000 ballots")
    await countVotes(ballots, on: board)
    let votes = await board.votes
    report.expect(votes == ["Espresso": 1000, "Latte": 1000, "Cortado": 1000], "all 3000 votes counted",
                  otherwise: "expected 1000 votes each, got \(votes)")
}
