import LabKit
@testable import StudentCode

let plannedExpectations = 3

func runCheck(_ report: CheckReport) async {
    let log = CallLog()
    let all = (try? MarsRoverClient.fixtureRovers()) ?? []
    // The API lists a different number of rovers each run: code written for 4 fails.
    let listed = Array(all.shuffled().prefix(CheckServices.random(in: 2...all.count)))
    let api = LoggedRovers(base: MarsRoverClient.simulated(CheckServices.behavior()), log: log, listed: listed)
    report.waiting("fetchPhotoManifests(using:) with \(listed.count) rovers listed")
    do {
        let manifests = try await fetchPhotoManifests(using: api)
        report.expect(manifests.map(\.name).sorted() == listed.map(\.name).sorted(), "a manifest for each of the \(listed.count) rovers the API listed",
                      otherwise: "the API listed \(listed.map(\.name)); got manifests of \(manifests.map(\.name))")
    } catch {
        report.fail("fetchPhotoManifests threw \(error)")
    }
    let calls = log.keys(startingWith: "manifest")
    report.expect(calls.count == listed.count, "one manifest request per rover",
                  otherwise: "\(calls.count) manifest requests for \(listed.count) rovers")
    let most = log.maxInFlight(startingWith: "manifest")
    report.expect(most == listed.count, "all \(listed.count) manifest requests were in flight at once",
                  otherwise: "at most \(most) of \(listed.count) manifest requests were in flight at once")
}
