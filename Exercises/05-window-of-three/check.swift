import LabScenarios
@testable import StudentCode

let plannedExpectations = 9

func runCheck(_ report: CheckReport) async {
    let log = CallLog()
    let all = (try? MarsRoverClient.fixtureRovers()) ?? []
    let count = CheckServices.random(in: 9...15)
    // Three pages load slowly, by the order they are asked for: the first, one in the middle,
    // and one with four pages still to ask for behind it. A window may have added two of those
    // before the slow page was asked for, or on places freed before it was (a stalled machine
    // starts pages late), so four leave two that take places freed while it loads.
    let probes = [1, CheckServices.random(in: 4...(count - 5)), count - 4]
    let api = LoggedRovers(base: MarsRoverClient.simulated(CheckServices.behavior(latency: .jitter(base: 2, spread: 0.5))), log: log, listed: all, slowAsked: Set(probes),
                           hold: PeakHold(peak: 3, patience: CheckServices.patience))
    guard let rover = all.first else { return report.fail("no rover fixture") }
    let pages = Array(1...count)
    report.waiting("fetchPages for \(count) pages")
    do {
        let fetched = try await fetchPages(pages, of: rover, on: rover.maxDate, using: api)
        // Each page's own photos, as a service without delays returns them: a result filed under
        // the wrong page (by the order pages arrived, say) has the right keys and wrong photos.
        let reference = MarsRoverClient.simulated(CheckServices.behavior(latency: .fixed(0)))
        var misfiled: [Int] = []
        for page in pages where fetched[page] != nil {
            let own = try? await reference.photos(rover: rover, earthDate: rover.maxDate, page: page)
            if fetched[page]?.map(\.id) != own?.map(\.id) { misfiled.append(page) }
        }
        report.expect(Set(fetched.keys) == Set(pages) && misfiled.isEmpty, "all \(count) pages fetched, each with its own photos",
                      otherwise: Set(fetched.keys) != Set(pages) ? "expected pages 1–\(count), got \(fetched.keys.sorted())"
                          : "page \(misfiled.first ?? 0) holds another page's photos (\(misfiled.count) page(s) so): file each result under the page it was fetched for")
    } catch {
        report.fail("fetchPages threw \(error)")
    }
    let requests = log.keys(startingWith: "page")
    report.expect(requests.count == count, "one request per page", otherwise: "\(requests.count) page requests for \(count) pages")
    let most = log.maxInFlight(startingWith: "page")
    report.expect(most <= 3, "never more than 3 page requests in flight", otherwise: "\(most) page requests were in flight at once: the server allows 3")
    report.expect(most == 3, "the window was used: 3 page requests in flight", otherwise: "at most \(most) page request(s) in flight: use all 3")
    // Each probe page loads slowly. Pages started with it (the same batch) do not count, only
    // those started after a page beside it finished: the hold lets no page end before the first
    // three have started, and a slow page loads until two such pages have started (or the
    // patience runs out), so a window shows them however busy the machine, and batches never
    // do: not before the window, nor in its middle, nor after it.
    for probe in probes {
        let asked = probe == 1 ? "the first page asked for" : "page request \(probe) of \(count)"
        guard let slow = api.slowedPages.withLock({ $0[probe] }) else {
            report.fail("\(asked) never came: ask for each page once")
            continue
        }
        let meanwhile = log.startedInFreedPlaces(during: "page \(slow)", startingWith: "page")
        report.expect(meanwhile >= LoggedRovers.pagesWhileSlow, "while slow page \(slow) (\(asked)) loaded, \(meanwhile) other pages started as others finished: the window slid",
                      otherwise: "while slow page \(slow) (\(asked)) loaded, \(meanwhile) other page(s) started as others finished: start the next page as soon as any one finishes, not batch by batch")
    }

    // Once more, with the first page asked for the only slow one: it loads until every other page
    // has been asked for. A window asks them all meanwhile; three children with fixed pages each
    // (an audit's lanes, which passed the probes above) hold back the pages of the slow page's lane.
    let laneLog = CallLog()
    let lanes = LoggedRovers(base: MarsRoverClient.simulated(CheckServices.behavior(latency: .fixed(1))), log: laneLog,
                             listed: all, slowAsked: [1], pageCount: count)
    report.waiting("fetchPages for \(count) pages, the first asked for slow")
    _ = try? await fetchPages(pages, of: rover, on: rover.maxDate, using: lanes)
    let firstSlow = lanes.slowedPages.withLock { $0[1] } ?? 0
    let askedByThen = lanes.askedWhenSlowEnded.withLock { $0[1] } ?? 0
    report.expect(askedByThen >= count, "while page \(firstSlow), the first asked for, loaded slowly, all \(count) pages were asked for",
                  otherwise: "while page \(firstSlow), the first asked for, loaded slowly, only \(askedByThen) of the \(count) pages were asked for: pages behind it waited for it (fixed lanes?); start the next page as soon as any place is free")

    // One page's request fails: the error reaches the caller, as it did with one page at a time.
    let failing = CheckServices.random(in: 2...(count - 1))
    let injected = CheckServices.anyError()
    let broken = MarsRoverClient.simulated(
        CheckServices.behavior(failures: FailureInjection(rate: 1, error: injected, onlyMatching: "page=\(failing) ", failsAfter: 0.5)))
    report.waiting("fetchPages while page \(failing)'s request fails")
    await expectTheFailureReachesTheCaller(
        report, when: "page \(failing)'s request", failsWith: injected, in: "fetchPages", returned: { "\($0.count) page(s)" }
    ) { try await fetchPages(pages, of: rover, on: rover.maxDate, using: broken) }
}
