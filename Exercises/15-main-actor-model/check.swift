import LabScenarios
@testable import StudentCode

let plannedExpectations = 2

@MainActor
func runCheck(_ report: CheckReport) async {
    let service = JokeService(client: JokeClient.simulated(CheckServices.behavior()))
    let view = JokeView(service: service)
    report.waiting("the joke fetched by the button")
    await view.buttonTapped().value
    let joke = service.joke
    report.expect(joke != "Joke appears here" && joke != "No joke today", "the view shows a joke: \(joke)",
                  otherwise: "the joke was not fetched: \(joke)")
    report.expect(!service.isFetching, "isFetching is false again", otherwise: "isFetching stayed true")
}
