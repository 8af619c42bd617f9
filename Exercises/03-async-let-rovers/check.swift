import LabScenarios
@testable import StudentCode

let plannedExpectations = 4

func runCheck(_ report: CheckReport) async {
    let log = CallLog()
    let all = (try? MarsRoverClient.fixtureRovers()) ?? []
    let rovers = Array(all.shuffled().prefix(3))
    // The second rover's photos arrive first, then the first's, then the third's: neither the
    // order of arrival nor its reverse is the rovers' order.
    let arrivals = ArrivalGate(order: [rovers[1].name, rovers[0].name, rovers[2].name])
    let api = LoggedRovers(
        base: MarsRoverClient.simulated(CheckServices.behavior()), log: log, listed: all, arrivals: arrivals,
        hold: PeakHold(peak: 3, patience: CheckServices.patience))
    report.waiting("latestPhotos(of:using:) for \(rovers.map(\.name))")
    do {
        let photos = try await latestPhotos(of: rovers, using: api)
        report.expect(photos.map(\.rover.name) == rovers.map(\.name), "one photo per rover, in the rovers' order",
                      otherwise: "for \(rovers.map(\.name)) expected their photos in that order, got \(photos.map(\.rover.name))")
    } catch {
        report.fail("latestPhotos threw \(error)")
    }
    let calls = log.keys(startingWith: "latest").sorted()
    report.expect(calls == rovers.map { "latest \($0.name)" }.sorted(), "one call per rover, no more",
                  otherwise: "expected one latestPhotos call per rover, saw \(calls)")
    let most = log.maxInFlight(startingWith: "latest")
    report.expect(most == 3, "the 3 rovers' calls were in flight at once",
                  otherwise: "at most \(most) of the rovers' calls were in flight at once: they ran one after the other")

    let hanging = HangingRovers(base: MarsRoverClient.simulated(CheckServices.behavior()), listed: all)
    report.waiting("latestPhotos(of:using:) cancelled while its calls are in flight")
    let seen = await hanging.cancelled(expected: 3) { _ = try await latestPhotos(of: rovers, using: hanging) }
    report.expect(seen.started > 0 && seen.cancelled == seen.started, "cancelling the caller cancelled all its \(seen.started) calls",
                  otherwise: "cancelling the task that called latestPhotos reached \(seen.cancelled) of its \(seen.started) calls: a call in a task of its own (Task {} or Task.detached) does not inherit cancellation")
}
