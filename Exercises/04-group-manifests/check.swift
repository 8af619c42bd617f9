import LabScenarios

// MARK: - The answer's face
/// What the check calls of the answer: it is compiled once for every answer, against this
/// (see `AnswerFace` in the lab's grader), and reaches the answer only through `labAdaptor`.
struct AnswerFace: Sendable {
    let fetchPhotoManifests: @Sendable (any MarsRoverService) async throws -> [PhotoManifest]
}

// MARK: - How the check reaches the answer
func labAdaptor() -> AnswerFace {
    // Bound without a type, as the check bound them, and counted as it counted them: a collection
    // of manifests, as the check took before it called through this face.
    AnswerFace(fetchPhotoManifests: {
        let manifests = try await fetchPhotoManifests(using: $0)
        _ = manifests.count
        return Array(manifests)
    })
}

// MARK: - The check
import LabScenarios
@testable import StudentCode

let plannedExpectations = 6

/// The answer's function, called as the exercise declares it.
func fetchPhotoManifests(using api: any MarsRoverService) async throws -> [PhotoManifest] {
    try await labAdaptor().fetchPhotoManifests(api)
}

func runCheck(_ report: CheckReport) async {
    let still = await StillnessWatch()
    let all = (try? MarsRoverClient.fixtureRovers()) ?? []
    // The API lists a different number of rovers on each of two calls: code written for a fixed
    // number of rovers fails at least one of them. One of the two lists a fleet larger than the
    // API's four (65–80 rovers, see LargerFleet): four optional `async let`s passed while the
    // larger call listed every real rover, and a window narrower than the fleet is seen every
    // time (a window of three passed whenever neither draw was four rovers: one run in three).
    // More than any cap a student writes to be kind to the server (16, 32, 64) or bindings
    // written out one by one: with 9–16 rovers, a sliding window of 16 passed every run, and
    // one of 12 half of them.
    let fewer = CheckServices.random(in: 2...(all.count - 1))
    let fleet = CheckServices.random(in: 65...80)
    let (first, second) = CheckServices.random(in: 0...1) == 0 ? (fleet, fewer) : (fewer, fleet)
    var problems: [String] = []
    var concurrent = true
    var oneEach = true
    var complete = true
    // And last, an empty list: "however many" includes none. An answer that bound the first rover
    // with async let beside a group for the rest, or looped over `0...(rovers.count - 1)`, passed
    // every draw above and traps on an empty list (session 57's audit).
    for count in [first, second, 0] {
        let log = CallLog()
        let simulated = MarsRoverClient.simulated(CheckServices.behavior())
        guard let larger = try? LargerFleet(base: simulated, real: all, count: max(count, all.count)) else {
            return report.fail("the check could not make its fleet of \(count) rovers (a fault in the check, not in your code)")
        }
        let listed = Array(larger.rovers.shuffled().prefix(count))
        let api = LoggedRovers(base: larger, log: log, listed: listed,
                               hold: PeakHold(peak: count, patience: CheckServices.patience))
        report.waiting("fetchPhotoManifests(using:) with \(count) rovers listed")
        do {
            let manifests = try await fetchPhotoManifests(using: api)
            if manifests.map(\.name).sorted() != listed.map(\.name).sorted() {
                complete = false
                // A fleet's names are too many to read: its count, and a few of those missing.
                let missing = Set(listed.map(\.name)).subtracting(manifests.map(\.name))
                problems.append(
                    listed.count <= all.count
                        ? "the API listed \(listed.map(\.name)); got manifests of \(manifests.map(\.name))"
                        : "the API listed \(listed.count) rovers; got manifests of \(manifests.count) of them"
                            + (missing.isEmpty ? "" : " (\(missing.count) missing: \(missing.sorted().prefix(3).joined(separator: ", ")), …)"))
            }
        } catch {
            complete = false
            problems.append("with \(count) rovers, fetchPhotoManifests threw \(error)")
        }
        let calls = log.keys(startingWith: "manifest").count
        if calls != count { oneEach = false; problems.append("\(counted(calls, "manifest request")) for \(count) rovers") }
        // The list is asked for once: an answer that asked again (for a count, then for the rovers)
        // made every request right and passed, each call of allRovers() a request to the server.
        let lists = log.keys(startingWith: "rovers").count
        if lists > 1 {
            oneEach = false
            problems.append("one fetchPhotoManifests call asked the API for its rovers \(lists) times: ask once, then request a manifest for each rover in that list")
        }
        let most = log.maxInFlight(startingWith: "manifest")
        if most != count { concurrent = false; problems.append(most == 1 ? "only 1 of \(count) manifest requests was in flight at once" : "at most \(most) of \(count) manifest requests were in flight at once") }
    }
    report.expect(complete, "a manifest for every rover the API listed, \(first) and then \(second), and none for an empty list",
                  otherwise: problems.first { $0.contains("listed") || $0.contains("threw") } ?? "")
    report.expect(oneEach, "the rovers asked for once, and one manifest request per rover",
                  otherwise: problems.first { $0.contains("request for") || $0.contains("requests for") || $0.contains("times: ask once") } ?? "")
    report.expect(concurrent, "all the manifest requests were in flight at once, \(first) and then \(second)",
                  otherwise: problems.first { $0.contains("in flight") } ?? "")

    let listed = Array(all.shuffled().prefix(CheckServices.random(in: 2...all.count)))
    let hanging = HangingRovers(base: MarsRoverClient.simulated(CheckServices.behavior()), listed: listed)
    report.waiting("fetchPhotoManifests(using:) cancelled while its requests are in flight")
    let seen = await hanging.cancelled(expected: listed.count) { _ = try await fetchPhotoManifests(using: hanging) }
    report.expect(seen.started > 0 && seen.cancelled == seen.started, "cancelling the caller cancelled all its \(counted(seen.started, "manifest request"))",
                  otherwise: "cancelling the task that called fetchPhotoManifests reached \(seen.cancelled) of its \(counted(seen.started, "request")): a request in a task of its own (Task {} or Task.detached) does not inherit cancellation")

    // One rover's manifest request fails: the error reaches the caller, as it did one rover at a time,
    // and no rover's manifest is asked for twice: an answer that asked the failing rover again passed,
    // its second failure reaching the caller one try later. A second request is answered without
    // failing, so that one that asks until it works ends, and is told why. It fails once with each
    // kind of error the service has: a group that left out a rover "not found" and threw the rest
    // passed whenever the run drew the other kind (half the runs; helper 169's audit).
    let failing = listed[CheckServices.random(in: 0...(listed.count - 1))].name
    report.waiting("fetchPhotoManifests(using:) while \(failing)'s manifest request fails")
    await expectEachFailureReachesTheCaller(
        report, when: "\(failing)'s manifest request", errors: CheckServices.everyKindOfError(), in: "fetchPhotoManifests",
        returned: { counted($0.count, "manifest") }
    ) { injected, once in
        let broken = RoversAskedOnce(
            base: LoggedRovers(
                base: MarsRoverClient.simulated(
                    CheckServices.behavior(failures: FailureInjection(rate: 1, error: injected, onlyMatching: failing, failsAfter: 0.5))),
                log: CallLog(), listed: listed),
            serviceAskedAgain: LoggedRovers(base: MarsRoverClient.simulated(CheckServices.behavior()), log: CallLog(), listed: listed),
            requestsAsked: once)
        return try await fetchPhotoManifests(using: broken)
    }

    // Awaiting the group is the only wait: nothing wakes the caller until the requests end. Children
    // that stored their manifests for a caller that slept and looked for them (or spun) passed above.
    let reference = MarsRoverClient.simulated(CheckServices.behavior(latency: .fixed(0)))
    guard let held = try? await HeldRovers.prepared(listed, expected: listed.count, from: reference) else {
        return report.fail("the check could not prepare its held rovers (a fault in the check, not in your code)")
    }
    await expectItAwaitsHeldCalls(
        report, still: still, service: held, hold: .milliseconds(300), callCount: listed.count, calls: "\(listed.count) manifest requests",
        function: "fetchPhotoManifests", awaiting: "the task group's results"
    ) { (try? await fetchPhotoManifests(using: held))?.count }
}
