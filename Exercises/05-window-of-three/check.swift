import LabScenarios
@testable import StudentCode

let plannedExpectations = 5

func runCheck(_ report: CheckReport) async {
    let log = CallLog()
    let all = (try? MarsRoverClient.fixtureRovers()) ?? []
    let api = LoggedRovers(base: MarsRoverClient.simulated(CheckServices.behavior(latency: .jitter(base: 2, spread: 0.5))), log: log, listed: all, slowFirstPage: true,
                           hold: PeakHold(peak: 3, patience: CheckServices.patience))
    guard let rover = all.first else { return report.fail("no rover fixture") }
    let count = CheckServices.random(in: 7...15)
    let pages = Array(1...count)
    report.waiting("fetchPages for \(count) pages")
    do {
        let fetched = try await fetchPages(pages, of: rover, on: rover.maxDate, using: api)
        report.expect(Set(fetched.keys) == Set(pages), "all \(count) pages fetched", otherwise: "expected pages 1–\(count), got \(fetched.keys.sorted())")
    } catch {
        report.fail("fetchPages threw \(error)")
    }
    let requests = log.keys(startingWith: "page")
    report.expect(requests.count == count, "one request per page", otherwise: "\(requests.count) page requests for \(count) pages")
    let most = log.maxInFlight(startingWith: "page")
    report.expect(most <= 3, "never more than 3 page requests in flight", otherwise: "\(most) page requests were in flight at once: the server allows 3")
    report.expect(most == 3, "the window was used: 3 page requests in flight", otherwise: "at most \(most) page request(s) in flight: use all 3")
    // The first page asked for loads slowly. Pages started with it (the same batch) do not
    // count, only those started after a page beside it finished: the hold lets no page end
    // before the first three have started, and the slow page loads until two such pages have
    // started (or the patience runs out), so a window shows them however busy the machine, and
    // batches never do.
    let slow = api.slowedPage.withLock { $0 } ?? 0
    let meanwhile = log.startedInFreedPlaces(during: "page \(slow)", startingWith: "page")
    report.expect(meanwhile >= LoggedRovers.pagesWhileSlow, "while slow page \(slow) loaded, \(meanwhile) other pages started as others finished: the window slid",
                  otherwise: "while slow page \(slow) loaded, \(meanwhile) other page(s) started as others finished: start the next page as soon as any one finishes, not batch by batch")
}
