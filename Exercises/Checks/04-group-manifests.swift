import LabKit

func runCheck(_ report: CheckReport) async {
    let meter = CallMeter()
    let api = MarsRoverClient.simulated(CheckServices.behavior(), meter: meter)
    report.waiting("fetchPhotoManifests(using:)")
    do {
        let manifests = try await fetchPhotoManifests(using: api)
        report.expect(Set(manifests.map(\.name)) == ["Curiosity", "Perseverance", "Opportunity", "Spirit"], "a manifest for each of the 4 rovers",
                      otherwise: "expected the 4 rovers' manifests, got \(manifests.map(\.name))")
    } catch {
        report.fail("fetchPhotoManifests threw \(error)")
    }
    let most = meter.stats.maxInFlight
    report.expect(most == 4, "all 4 manifest requests were in flight at once",
                  otherwise: "at most \(most) request(s) were in flight: the manifests were fetched one after the other")
}
