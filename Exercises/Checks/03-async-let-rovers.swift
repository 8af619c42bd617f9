import LabKit

func runCheck(_ report: CheckReport) async {
    let meter = CallMeter()
    let api = MarsRoverClient.simulated(CheckServices.behavior(), meter: meter)
    let rovers = Array((try? MarsRoverClient.fixtureRovers()) ?? []).prefix(3).map { $0 }
    report.waiting("latestPhotos(of:using:)")
    do {
        let photos = try await latestPhotos(of: rovers, using: api)
        report.expect(photos.map(\.rover.name) == rovers.map(\.name), "one photo per rover, in the rovers' order",
                      otherwise: "expected photos of \(rovers.map(\.name)), got \(photos.map(\.rover.name))")
    } catch {
        report.fail("latestPhotos threw \(error)")
    }
    let most = meter.stats.maxInFlight
    report.expect(most == 3, "the service saw all 3 calls in flight at once",
                  otherwise: "the service never saw more than \(most) call(s) at once: the calls ran one after the other")
}
