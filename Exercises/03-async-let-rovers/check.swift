import LabScenarios

// MARK: - The answer's face
/// What the check calls of the answer: it is compiled once for every answer, against this
/// (see `AnswerFace` in the lab's grader), and reaches the answer only through `labAdaptor`.
struct AnswerFace: Sendable {
    let latestPhotos: @Sendable ([Rover], any MarsRoverService) async throws -> [MarsPhoto]
}

// MARK: - How the check reaches the answer
func labAdaptor() -> AnswerFace {
    // The photos bound without a type, then made an array: the check read them with `map`, so
    // any sequence of photos passed (a slice, `some Collection<MarsPhoto>`), and still does.
    AnswerFace(latestPhotos: {
        let photos = try await latestPhotos(of: $0, using: $1)
        return Array(photos)
    })
}

// MARK: - The check
import LabScenarios
@testable import StudentCode

let plannedExpectations = 7

/// The answer's function, called as the exercise declares it.
func latestPhotos(of rovers: [Rover], using api: any MarsRoverService) async throws -> [MarsPhoto] {
    try await labAdaptor().latestPhotos(rovers, api)
}

func runCheck(_ report: CheckReport) async {
    let still = await StillnessWatch()
    let log = CallLog()
    let all = (try? MarsRoverClient.fixtureRovers()) ?? []
    // Three rovers in an order no sort rebuilds: neither by name nor by id, either way (photos
    // collected as they came, then sorted by rover name, passed whenever the draw happened to be
    // in alphabetical order: one run in six).
    let chosen = Array(all.shuffled().prefix(3))
    let rovers = RoverOrder.unsorted(chosen).randomElement() ?? chosen
    // The second rover's photos arrive first, then the first's, then the third's: neither the
    // order of arrival nor its reverse is the rovers' order.
    let arrivals = ArrivalGate(order: [rovers[1].name, rovers[0].name, rovers[2].name])
    let api = LoggedRovers(
        base: MarsRoverClient.simulated(CheckServices.behavior()), log: log, listed: all, arrivals: arrivals,
        hold: PeakHold(peak: 3, patience: CheckServices.patience))
    report.waiting("latestPhotos(of:using:) for \(rovers.map(\.name))")
    do {
        let photos = try await latestPhotos(of: rovers, using: api)
        // Each rover's first latest photo, as a service without delays returns them.
        let reference = MarsRoverClient.simulated(CheckServices.behavior(latency: .fixed(0)))
        var firsts: [Int?] = []
        for rover in rovers { firsts.append((try? await reference.latestPhotos(rover: rover))?.first?.id) }
        report.expect(photos.map(\.rover.name) == rovers.map(\.name) && photos.map(\.id) == firsts.compactMap { $0 },
                      "one photo per rover, in the rovers' order, each its rover's first",
                      otherwise: photos.map(\.rover.name) != rovers.map(\.name)
                          ? "for \(rovers.map(\.name)) expected their photos in that order, got \(photos.map(\.rover.name))"
                          : "the photos are not each rover's first latest photo (ids \(photos.map(\.id)), expected \(firsts.compactMap { $0 })): keep .first of each rover's photos")
    } catch {
        report.fail("latestPhotos threw \(error)")
    }
    let calls = log.keys(startingWith: "latest").sorted()
    report.expect(calls == rovers.map { "latest \($0.name)" }.sorted(), "one call per rover, no more",
                  otherwise: "expected one latestPhotos call per rover, saw \(calls)")
    let most = log.maxInFlight(startingWith: "latest")
    report.expect(most == 3, "the 3 rovers' calls were in flight at once",
                  otherwise: most == 1
                      ? "only 1 of the rovers' calls was in flight at once: they ran one after the other"
                      : "at most \(most) of the rovers' calls were in flight at once: start all three before awaiting any")

    // A rover with no photos today (an empty list, as the real API answers) is left out, the others'
    // photos kept in the rovers' order: every call above sent three photos, so an answer that took
    // `photos[0]` of each rover, which traps on an empty list, passed every run (helper 183's audit).
    let empty = Int.random(in: 0..<rovers.count)
    let withoutPhotos = RoverWithoutPhotos(
        base: MarsRoverClient.simulated(CheckServices.behavior()), withoutPhotos: rovers[empty].name)
    let others = rovers.indices.filter { $0 != empty }.map { rovers[$0].name }
    report.waiting("latestPhotos(of:using:) while \(rovers[empty].name) has no photos today")
    do {
        let photos = try await latestPhotos(of: rovers, using: withoutPhotos)
        report.expect(photos.map(\.rover.name) == others, "a rover with no photos today (\(rovers[empty].name)) was left out, the others' photos kept in order",
                      otherwise: "with \(rovers[empty].name) sending no photos today, expected the photos of \(others) in that order, got \(photos.map(\.rover.name)): leave out a rover with none")
    } catch {
        report.fail("with \(rovers[empty].name) sending no photos today (an empty list, not an error), latestPhotos threw \(error): leave out a rover with none")
    }

    let hanging = HangingRovers(base: MarsRoverClient.simulated(CheckServices.behavior()), listed: all)
    report.waiting("latestPhotos(of:using:) cancelled while its calls are in flight")
    let seen = await hanging.cancelled(expected: 3) { _ = try await latestPhotos(of: rovers, using: hanging) }
    report.expect(seen.started > 0 && seen.cancelled == seen.started, "cancelling the caller cancelled all its \(counted(seen.started, "call"))",
                  otherwise: "cancelling the task that called latestPhotos reached \(seen.cancelled) of its \(counted(seen.started, "call")): a call in a task of its own (Task {} or Task.detached) does not inherit cancellation")

    // Each rover's request fails once with each of the service's five kinds of error, the fifteen
    // in a drawn order: the error reaches the caller, as the calls one after the other let it, and no
    // rover is asked for twice. One failing rover a run, with one kind, let an answer that swallowed
    // one rover's error (`try?` on the third binding, "a bonus") pass two runs in three, and one that
    // took a rover "not found" for one with no photos every other run (helper 172's audit); with two
    // kinds, one that took a timeout for no photos passed every run (session 56). With each rover
    // failing in turn with five kinds in all (each rover with one or two), an answer that swallowed
    // one kind at one place only (the third rover's timeout, the first's "not found", the second's
    // bad response) passed 12 runs in 15 (helper 183's audit): every pair is tried now, the others
    // answering in 10 ms (the failing one in 5) so that fifteen cost about what five did.
    // An answer that asked the failing rover again passed, its second failure reaching the caller one
    // try later: a second request is answered without failing, so that one that asks until it works
    // ends (it ran out the time limit) and is told why.
    let kinds = CheckServices.everyKindOfError()
    let failures = rovers.indices.flatMap { place in kinds.map { (place: place, error: $0) } }.shuffled()
    var failureProblem: String?
    var failedInTurn = 0
    for (place, injected) in failures where failureProblem == nil {
        let failing = rovers[place].name
        let once = AskedOnce()
        let broken = RoversAskedOnce(
            base: MarsRoverClient.simulated(
                CheckServices.behavior(
                    latency: .fixed(1), failures: FailureInjection(rate: 1, error: injected, onlyMatching: failing, failsAfter: 0.5))),
            serviceAskedAgain: MarsRoverClient.simulated(CheckServices.behavior()), requestsAsked: once)
        report.waiting("latestPhotos(of:using:) while \(failing)'s request fails")
        failureProblem = await whyTheFailureDidNotReachTheCaller(
            when: "\(failing)'s request", failsWith: injected, in: "latestPhotos", returned: { counted($0.count, "photo") },
            askedOnce: once
        ) { try await latestPhotos(of: rovers, using: broken) }
        failedInTurn += 1
    }
    report.expect(failureProblem == nil,
                  "when each rover's request failed with each of the service's \(counted(kinds.count, "kind")) of error (\(counted(failedInTurn, "failure")) in a drawn order), its own error reached the caller",
                  otherwise: failureProblem ?? "")

    // Awaiting the three calls is the only wait: nothing wakes the caller until they end. Children
    // that stored their photos for a caller that slept and looked for them (or spun) passed above.
    let reference = MarsRoverClient.simulated(CheckServices.behavior(latency: .fixed(0)))
    guard let held = try? await HeldRovers.prepared(rovers, expected: 3, from: reference) else {
        return report.fail("the check could not prepare its held rovers (a fault in the check, not in your code)")
    }
    await expectItAwaitsHeldCalls(
        report, still: still, service: held, hold: .milliseconds(300), callCount: 3, calls: "3 calls", function: "latestPhotos",
        awaiting: "the async let bindings themselves"
    ) { (try? await latestPhotos(of: rovers, using: held))?.count }
}

/// The orders of three rovers that no sort rebuilds.
enum RoverOrder {
    /// Each order of the rovers but those sorted by name or by id, up or down: at most four of
    /// the six orders of three rovers are sorted, so two are always left.
    static func unsorted(_ rovers: [Rover]) -> [[Rover]] {
        let orders = rovers.indices.flatMap { first in
            rovers.indices.filter { $0 != first }.map { second in
                [rovers[first], rovers[second]] + rovers.indices.filter { $0 != first && $0 != second }.map { rovers[$0] }
            }
        }
        return orders.filter { order in
            let sorted = [order.sorted { $0.name < $1.name }, order.sorted { $0.id < $1.id }]
            return !sorted.contains { $0 == order || $0.reversed() == order }
        }
    }
}
