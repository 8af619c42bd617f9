import LabKit

func runCheck(_ report: CheckReport) async {
    let meter = CallMeter()
    let api = MarsRoverClient.simulated(CheckServices.behavior(latency: .jitter(base: 2, spread: 0.5)), meter: meter)
    guard let rover = try? MarsRoverClient.fixtureRovers().first else { return report.fail("no rover fixture") }
    report.waiting("fetchPages for 12 pages")
    do {
        let pages = try await fetchPages(Array(1...12), of: rover, on: rover.maxDate, using: api)
        report.expect(Set(pages.keys) == Set(1...12), "all 12 pages fetched", otherwise: "expected pages 1–12, got \(pages.keys.sorted())")
    } catch {
        report.fail("fetchPages threw \(error)")
    }
    let most = meter.stats.maxInFlight
    report.expect(most <= 3, "never more than 3 requests in flight", otherwise: "\(most) requests were in flight at once: the server allows 3")
    report.expect(most == 3, "the window was used: 3 requests in flight", otherwise: "at most \(most) request(s) in flight: use all 3")
}
