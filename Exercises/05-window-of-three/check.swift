import LabScenarios
@testable import StudentCode

let plannedExpectations = 5

func runCheck(_ report: CheckReport) async {
    let log = CallLog()
    let all = (try? MarsRoverClient.fixtureRovers()) ?? []
    let slow = CheckServices.random(in: 1...3)
    let api = LoggedRovers(base: MarsRoverClient.simulated(CheckServices.behavior(latency: .jitter(base: 2, spread: 0.5))), log: log, listed: all, slowPage: slow,
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
    // Pages started with the slow one (the same batch) do not count: only those started
    // after another page finished, about 20 ms in (half of that is the margin).
    let meanwhile = log.started(during: "page \(slow)", startingWith: "page", after: .milliseconds(10))
    report.expect(meanwhile >= 2, "while slow page \(slow) loaded, \(meanwhile) other pages started: the window slid",
                  otherwise: "while slow page \(slow) loaded, only \(meanwhile) other page(s) started: start the next page as soon as any one finishes, not batch by batch")
}
