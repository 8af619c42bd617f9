import Foundation
import LabScenarios
@testable import StudentCode

let plannedExpectations = 5

func runCheck(_ report: CheckReport) async {
    let still = await StillnessWatch()
    // Without a failure every manifest comes back: an answer that stops at the first result (an
    // audit's `group.next()` then `cancelAll()`) passes the failing run below, not this one.
    // The rovers asked for differ each run, a shuffled part of those the service lists: an answer
    // that downloaded every rover the service lists, not the ones asked for, passed when every run
    // asked for all (an audit's). Opportunity, the one that fails, is among them from the second run.
    let listed = (try? MarsRoverClient.fixtureRovers()) ?? []
    let rovers = Array(listed.shuffled().prefix(CheckServices.random(in: 2...max(2, listed.count - 1))))
    let others = listed.filter { $0.name != "Opportunity" }.shuffled()
    // Opportunity is never the first asked for: an answer that awaits its downloads in the order
    // asked (a recursive `async let`, an audit's) hears of a failure only once those before it
    // have ended, and with Opportunity first it heard at once and passed.
    let othersToAsk = Array(others.prefix(CheckServices.random(in: 2...max(2, others.count))))
    let opportunityAt = CheckServices.random(in: 1...othersToAsk.count)
    let withFailing = Array(othersToAsk.prefix(opportunityAt)) + listed.filter { $0.name == "Opportunity" } + othersToAsk.dropFirst(opportunityAt)
    let healthy = MarsRoverClient.simulated(CheckServices.behavior(latency: .fixed(1), failures: .none))
    report.waiting("fetchAllManifests with no failure")
    let all = (try? await fetchAllManifests(of: rovers, using: healthy)) ?? []
    let names = Set(all.map(\.name))
    let notAsked = names.subtracting(rovers.map(\.name))
    report.expect(all.count == rovers.count && names == Set(rovers.map(\.name)),
                  "with no failure, all \(rovers.count) manifests came back",
                  otherwise: !notAsked.isEmpty
                      ? "asked for \(rovers.map(\.name).joined(separator: ", ")), it gave manifests of \(notAsked.sorted().joined(separator: ", ")) too: download the rovers passed in, not every rover the service lists"
                      : "with no failure, \(all.count) of \(rovers.count) manifests came back (\(names.sorted().joined(separator: ", "))): keep every result until one fails")
    let meter = CallMeter()
    // Each kind of error the service has, the first in this run, the others on quick runs below: a
    // group that left out a rover "not found" and threw the rest passed whenever both of the run's
    // draws were the other kind (a quarter of the runs; helper 169's audit).
    let kinds = CheckServices.everyKindOfError()
    let injected = kinds[0]
    let failures = FailureInjection(rate: 1, error: injected, onlyMatching: "Opportunity", failsAfter: 0.5)
    // The others take 1 s (100 source seconds), Opportunity fails after 5 ms: a cancel that a busy
    // machine runs late still finds them in flight (with 100 ms, a late one found them done).
    // Only the wrong answers wait the second out.
    let api = MarsRoverClient.simulated(CheckServices.behavior(latency: .fixed(100), failures: failures), meter: meter)
    report.waiting("fetchAllManifests with one failing rover")
    do {
        let manifests = try await fetchAllManifests(of: withFailing, using: api)
        report.fail("fetchAllManifests returned \(counted(manifests.count, "manifest")); it should have thrown Opportunity's error")
    } catch {
        if error as? ServiceError != injected {
            report.fail("Opportunity failed with \"\(injected)\", but fetchAllManifests threw \"\(error)\": throw the download's own error")
        } else {
            // The other kinds, each on a quick service of its own (the others answer in 10 ms): only
            // which error reaches the caller is judged here.
            var reached = [injected]
            var wrong: String?
            for other in kinds.dropFirst() where wrong == nil {
                let quick = MarsRoverClient.simulated(
                    CheckServices.behavior(
                        latency: .fixed(1), failures: FailureInjection(rate: 1, error: other, onlyMatching: "Opportunity", failsAfter: 0.5)))
                let thrown = reached.map { "\"\($0)\"" }.joined(separator: ", ")
                do {
                    let manifests = try await fetchAllManifests(of: withFailing, using: quick)
                    wrong = "with Opportunity failing with \"\(other)\", fetchAllManifests returned \(counted(manifests.count, "manifest")); it should have thrown that error, whichever error it is (it did throw \(thrown))"
                } catch {
                    if error as? ServiceError == other {
                        reached.append(other)
                    } else {
                        wrong = "Opportunity failed with \"\(other)\", but fetchAllManifests threw \"\(error)\": throw the download's own error (it did throw \(thrown))"
                    }
                }
            }
            report.expect(wrong == nil, "Opportunity's failure reached the caller, whichever of the service's \(counted(kinds.count, "kind")) of error it was",
                          otherwise: wrong ?? "")
        }
    }
    let stats = meter.stats
    let othersAsked = withFailing.count - 1
    let downloads = stats.callsByKey.filter { $0.key.hasPrefix("manifests ") }.values.reduce(0, +)
    report.expect(stats.cancelled == othersAsked && downloads == withFailing.count,
                  "the \(othersAsked) other downloads were cancelled",
                  otherwise: downloads > withFailing.count
                      ? "\(downloads) downloads were started for the \(withFailing.count) rovers asked for (\(withFailing.map(\.name).joined(separator: ", "))): download the rovers passed in, each once"
                      : downloads < withFailing.count
                      // A window (two at a time, an audit's) throws at the failure, but never starts the
                      // rovers after it: the counts alone ("0 ran to the end") did not say why it failed.
                      ? "\(stats.cancelled) of the \(othersAsked) other downloads \(were(stats.cancelled)) cancelled, \(stats.completed) ran to the end for nothing and \(withFailing.count - downloads) never started: one or a few at a time, each waiting for a place? Add a child for every rover at once; the first failure cancels those in flight"
                      : "\(stats.cancelled) of the \(othersAsked) other downloads \(were(stats.cancelled)) cancelled; \(stats.completed) ran to the end for nothing")

    // The caller cancelled while every download is in flight: cancelling it reaches them all, as a
    // group's children are its own (downloads in tasks of their own, cancelled by hand on a
    // failure, never hear of it).
    let hanging = HangingRovers(base: healthy, listed: listed)
    report.waiting("fetchAllManifests cancelled while its downloads are in flight")
    let seen = await hanging.cancelled(expected: withFailing.count) { _ = try await fetchAllManifests(of: withFailing, using: hanging) }
    report.expect(seen.started > 0 && seen.cancelled == seen.started, "cancelling the caller cancelled all its \(counted(seen.started, "download"))",
                  otherwise: "cancelling the task that called fetchAllManifests reached \(seen.cancelled) of its \(counted(seen.started, "download")): a download in a task of its own (Task {} or Task.detached) does not inherit cancellation")

    // Waiting for the first failure is awaiting the group, which nothing wakes until a download
    // ends. Every download is held here, longer than the first run's took (1 s), so an answer
    // that looks again and again for a failure (every 400 ms, an audit's, passed above: it found
    // the failure before the others ended) is seen looking; then Opportunity's fails.
    let heldError = CheckServices.anyError()
    let failureHeld = Gate()
    let downloadsWait = Gate()
    // The other downloads answer at once when let go, with manifests fetched before: no timer of
    // theirs wakes anything once the check lets the failure come.
    let reference = MarsRoverClient.simulated(CheckServices.behavior(latency: .fixed(0), failures: .none))
    var prepared: [String: PhotoManifest] = [:]
    for rover in withFailing where rover.name != "Opportunity" {
        prepared[rover.name] = try? await reference.photoManifest(rover: rover)
    }
    let held = DownloadsHeldBack(prepared: prepared, failing: "Opportunity", error: heldError, gate: failureHeld, reached: downloadsWait)
    report.waiting("fetchAllManifests while its downloads are held back")
    // Then the check lets them go, from a Dispatch thread (in no task, as replies come), and watches
    // the call until it returns: only the downloads' ends may wake it. A child that slept 200 ms after
    // its failure before throwing passed while only the hold was watched, the others cancelled 200 ms
    // late (audit 152); its timer wakes it now, as would a caller's pause before it throws.
    let (thrown, stirrings, afterwardsCounted) = await still.holdThenLetGo(
        .milliseconds(1_100), from: downloadsWait,
        letGo: { DispatchQueue.global().async { failureHeld.open() } }
    ) { () -> String? in
        do { _ = try await fetchAllManifests(of: withFailing, using: held) } catch { return "\(error)" }
        return nil
    }
    // Each download may run again of itself once let go, as in 03 and 04 (see `ownRunsPerHeldCall`).
    var afterwards = afterwardsCounted
    afterwards.spins = max(0, afterwards.spins - ownRunsPerHeldCall * withFailing.count)
    let restless = stirrings.problem(while: "the downloads were going", awaiting: "the group's next result (for try await)")
        ?? afterwards.whatStirred.map {
            "once the downloads were let go and Opportunity's failed, before fetchAllManifests threw, \($0): throw the first failure as it comes (a pause keeps the caller waiting for the error, and one before the group has thrown lets the other downloads run on)"
        }
    report.expect(restless == nil && thrown == "\(heldError)", "waiting for the first failure, the call was woken by nothing until it came, and then only by the downloads' ends",
                  otherwise: restless ?? "with its downloads held back, then Opportunity failing, fetchAllManifests threw \(thrown ?? "nothing") instead of \"\(heldError)\"")
}

/// A rover service whose downloads all wait at `gate` until the check opens it (the first to get
/// there opens `reached`); then the `failing` rover's fails, and the others answer at once with
/// the manifests `prepared` for them.
struct DownloadsHeldBack: MarsRoverService {
    let prepared: [String: PhotoManifest]
    let failing: String
    let error: ServiceError
    let gate: Gate
    let reached: Gate

    func allRovers() async throws -> [Rover] { [] }
    func latestPhotos(rover: Rover) async throws -> [MarsPhoto] { throw ServiceError.notFound("latest photos") }
    func photos(rover: Rover, earthDate: String, page: Int) async throws -> [MarsPhoto] { throw ServiceError.notFound("photos") }
    func photoManifest(rover: Rover) async throws -> PhotoManifest {
        reached.open()
        await gate.wait()
        if rover.name == failing { throw error }
        guard let manifest = prepared[rover.name] else { throw ServiceError.notFound("rover \(rover.name)") }
        return manifest
    }
}
