import Foundation
import LabCore
import LabScenarios

// MARK: - The answer's face
/// What the check calls of the answer: it is compiled once for every answer, against this
/// (see `AnswerFace` in the lab's grader), and reaches the answer only through `labAdaptor`.
struct AnswerFace: Sendable {
    let fetchAllManifests: @Sendable ([Rover], any MarsRoverService) async throws -> [PhotoManifest]
}

// MARK: - How the check reaches the answer
func labAdaptor() -> AnswerFace {
    // Bound without a type, as the check bound them (`let none = try? await …`), then returned as
    // the array of manifests the check stored them in.
    AnswerFace(fetchAllManifests: {
        let manifests = try await fetchAllManifests(of: $0, using: $1)
        return manifests
    })
}

// MARK: - The check
import Foundation
import LabCore
import LabScenarios
@testable import StudentCode

let plannedExpectations = 5

/// The answer's function, called as the exercise declares it.
func fetchAllManifests(of rovers: [Rover], using api: any MarsRoverService) async throws -> [PhotoManifest] {
    try await labAdaptor().fetchAllManifests(rovers, api)
}

func runCheck(_ report: CheckReport) async {
    let still = await StillnessWatch()
    // Without a failure every manifest comes back: an answer that stops at the first result (an
    // audit's `group.next()` then `cancelAll()`) passes the failing runs below, not this one.
    // The rovers asked for differ each run, a shuffled part of those the service lists: an answer
    // that downloaded every rover the service lists, not the ones asked for, passed when every run
    // asked for all (an audit's).
    let listed = (try? MarsRoverClient.fixtureRovers()) ?? []
    let rovers = Array(listed.shuffled().prefix(CheckServices.random(in: 2...max(2, listed.count - 1))))
    let healthy = MarsRoverClient.simulated(CheckServices.behavior(latency: .fixed(1), failures: .none))
    report.waiting("fetchAllManifests with no failure")
    let all = (try? await fetchAllManifests(of: rovers, using: healthy)) ?? []
    let names = Set(all.map(\.name))
    let notAsked = names.subtracting(rovers.map(\.name))
    // And an empty list, which has nothing to download: an answer that bound the first rover with
    // async let beside a group for the rest, or looped over `0...(rovers.count - 1)`, traps on it
    // (helper 184's audit; 04 asks the same since session 57).
    report.waiting("fetchAllManifests of no rovers")
    let none = try? await fetchAllManifests(of: [], using: healthy)
    report.expect(all.count == rovers.count && names == Set(rovers.map(\.name)) && none?.isEmpty == true,
                  "with no failure, all \(rovers.count) manifests came back, and none for no rovers",
                  otherwise: !notAsked.isEmpty
                      ? "asked for \(rovers.map(\.name).joined(separator: ", ")), it gave manifests of \(notAsked.sorted().joined(separator: ", ")) too: download the rovers passed in, not every rover the service lists"
                      : all.count != rovers.count || names != Set(rovers.map(\.name))
                      ? "with no failure, \(all.count) of \(rovers.count) manifests came back (\(names.sorted().joined(separator: ", "))): keep every result until one fails"
                      : none == nil ? "asked for no rovers, fetchAllManifests threw: with nothing to download, return no manifests"
                      : "asked for no rovers, fetchAllManifests returned \(counted(none?.count ?? 0, "manifest")): with nothing to download, return none")

    // Each of the service's kinds of error, a run each, on a rover drawn each run (each of them in
    // turn, not always the same one: a group that threw only Opportunity's failure, the one every run failed, and
    // swallowed the others' passed, as did one that cancelled the rest only for Opportunity; helper
    // 184's audit), at a place drawn each run: never first in the first run (a recursive `async let`
    // that awaits the downloads in the order asked hears of a failure at once when it is first),
    // first in the second (the first rover bound with `async let` and awaited after the group's
    // rest hears of it only once the others have ended). The others take 1 s (100 source seconds),
    // the failing rover fails after 5 ms: a cancel that a busy machine runs late still finds them
    // in flight (with 100 ms, a late one found them done). Every run counts what was cancelled: a
    // group that let the others finish on one kind (a timeout, "passing weather") passed 4 runs in
    // 5 while only the first run counted them. Only wrong answers wait the second out, once: the
    // runs stop at the first problem.
    let kinds = CheckServices.everyKindOfError()
    var reached: [ServiceError] = []
    var errorProblem: String?
    var cancelProblem: String?
    var cancelledRuns: [String] = []
    // Each listed rover fails in at least one run (five runs, four rovers), in a drawn order.
    let failingInTurn = listed.map(\.name).shuffled()
    for (run, injected) in kinds.enumerated() where errorProblem == nil && cancelProblem == nil {
        let failing = failingInTurn.isEmpty ? "Opportunity" : failingInTurn[run % failingInTurn.count]
        let asked = askedWith(failing: failing, from: listed, first: run == 0 ? false : run == 1 ? true : nil)
        let meter = CallMeter()
        let failures = FailureInjection(rate: 1, error: injected, onlyMatching: failing, failsAfter: 0.5)
        let api = MarsRoverClient.simulated(CheckServices.behavior(latency: .fixed(100), failures: failures), meter: meter)
        let thrown = reached.isEmpty ? "" : " (it did throw \(reached.map { "\"\($0)\"" }.joined(separator: ", ")))"
        report.waiting("fetchAllManifests with \(failing) failing (\"\(injected)\")")
        do {
            let manifests = try await fetchAllManifests(of: asked, using: api)
            errorProblem = "with \(failing) failing with \"\(injected)\", fetchAllManifests returned \(counted(manifests.count, "manifest")); it should have thrown that error, whichever rover failed and whichever error it is\(thrown)"
        } catch {
            if error as? ServiceError == injected {
                reached.append(injected)
            } else {
                errorProblem = "\(failing) failed with \"\(injected)\", but fetchAllManifests threw \"\(error)\": throw the download's own error\(thrown)"
            }
        }
        let stats = meter.stats
        let others = asked.count - 1
        let downloads = stats.callsByKey.filter { $0.key.hasPrefix("manifests ") }.values.reduce(0, +)
        let when = "with \(failing) failing (\"\(injected)\")"
        if stats.cancelled == others && downloads == asked.count {
            cancelledRuns.append("\(others) when \(failing)'s failed")
        } else {
            cancelProblem =
                downloads > asked.count
                ? "\(when), \(downloads) downloads were started for the \(asked.count) rovers asked for (\(asked.map(\.name).joined(separator: ", "))): download the rovers passed in, each once"
                : downloads < asked.count
                // A window (two at a time, an audit's) throws at the failure, but never starts the
                // rovers after it: the counts alone ("0 ran to the end") did not say why it failed.
                ? "\(when), \(stats.cancelled) of the \(others) other downloads \(were(stats.cancelled)) cancelled, \(stats.completed) ran to the end for nothing and \(asked.count - downloads) never started: one or a few at a time, each waiting for a place? Add a child for every rover at once; the first failure cancels those in flight"
                : "\(when), \(stats.cancelled) of the \(others) other downloads \(were(stats.cancelled)) cancelled; \(stats.completed) ran to the end for nothing"
        }
    }
    // Then a failure that comes once every other download has come back: the error still reaches
    // the caller (a group that gave back the manifests it had when some had come, and threw only
    // when none had, passed: every failure above comes first; helper 184's audit).
    if errorProblem == nil {
        let failing = listed.randomElement()?.name ?? "Opportunity"
        let asked = askedWith(failing: failing, from: listed, first: nil)
        let injected = kinds[CheckServices.random(in: 0...(kinds.count - 1))]
        let last = FailsLast(base: healthy, failing: failing, others: asked.count - 1, error: injected)
        report.waiting("fetchAllManifests with \(failing) failing after the others came back")
        do {
            let manifests = try await fetchAllManifests(of: asked, using: last)
            errorProblem = "with \(failing) failing (\"\(injected)\") once \(last.cameBefore) of the \(asked.count - 1) others had come back, fetchAllManifests returned \(counted(manifests.count, "manifest")): throw the error however many came before it"
        } catch {
            if error as? ServiceError != injected {
                errorProblem = "with \(failing) failing (\"\(injected)\") once \(last.cameBefore) of the \(asked.count - 1) others had come back, fetchAllManifests threw \"\(error)\": throw the download's own error"
            }
        }
    }
    report.expect(errorProblem == nil,
                  "the failing rover's error reached the caller, whichever rover it was and whichever of the service's \(counted(kinds.count, "kind")) of error, also when it failed last",
                  otherwise: errorProblem ?? "")
    report.expect(cancelProblem == nil,
                  "in each run, the other downloads were cancelled at the failure (\(cancelledRuns.joined(separator: ", then ")))",
                  otherwise: cancelProblem ?? "")

    // The caller cancelled while every download is in flight: cancelling it reaches them all, as a
    // group's children are its own (downloads in tasks of their own, cancelled by hand on a
    // failure, never hear of it). What comes back is an error, or only manifests downloaded, and no
    // download ended (each takes 5 s): a child that turned its CancellationError into a manifest
    // with no photos ("loading") passed while what came back was not looked at (helper 184's audit).
    let hangingFailing = listed.randomElement()?.name ?? "Opportunity"
    let hangingAsked = askedWith(failing: hangingFailing, from: listed, first: nil)
    let hanging = HangingRovers(base: healthy, listed: listed)
    let given = Locked<[PhotoManifest]?>(nil)
    report.waiting("fetchAllManifests cancelled while its downloads are in flight")
    let seen = await hanging.cancelled(expected: hangingAsked.count) {
        let manifests = try await fetchAllManifests(of: hangingAsked, using: hanging)
        given.withLock { $0 = manifests }
    }
    let madeUp = given.withLock { $0 ?? [] }
    report.expect(seen.started > 0 && seen.cancelled == seen.started && madeUp.isEmpty, "cancelling the caller cancelled all its \(counted(seen.started, "download"))",
                  otherwise: seen.cancelled != seen.started || seen.started == 0
                      ? "cancelling the task that called fetchAllManifests reached \(seen.cancelled) of its \(counted(seen.started, "download")): a download in a task of its own (Task {} or Task.detached) does not inherit cancellation"
                      : "cancelled while its \(counted(seen.started, "download")) \(were(seen.started)) in flight, fetchAllManifests returned \(counted(madeUp.count, "manifest")) (\(madeUp.map(\.name).joined(separator: ", "))), though no download had ended: a cancelled download is no manifest; throw, or leave it out")

    // Waiting for the first failure is awaiting the group, which nothing wakes until a download
    // ends. Every download is held here, longer than the first run's took (1 s), so an answer
    // that looks again and again for a failure (every 400 ms, an audit's, passed above: it found
    // the failure before the others ended) is seen looking; then the failing rover's fails.
    let heldError = CheckServices.anyError()
    let heldFailing = listed.randomElement()?.name ?? "Opportunity"
    let heldAsked = askedWith(failing: heldFailing, from: listed, first: nil)
    let failureHeld = Gate()
    let downloadsWait = Gate()
    // The other downloads answer at once when let go, with manifests fetched before: no timer of
    // theirs wakes anything once the check lets the failure come.
    let reference = MarsRoverClient.simulated(CheckServices.behavior(latency: .fixed(0), failures: .none))
    var prepared: [String: PhotoManifest] = [:]
    for rover in listed where rover.name != heldFailing {
        prepared[rover.name] = try? await reference.photoManifest(rover: rover)
    }
    let held = DownloadsHeldBack(prepared: prepared, failing: heldFailing, error: heldError, gate: failureHeld, reached: downloadsWait)
        report.waiting("fetchAllManifests while its downloads are held back")
    // Then the check lets them go, from a Dispatch thread (in no task, as replies come), and watches
    // the call until it returns: only the downloads' ends may wake it. A child that slept 200 ms after
    // its failure before throwing passed while only the hold was watched, the others cancelled 200 ms
    // late (audit 152); its timer wakes it now, as would a caller's pause before it throws.
    let (outcome, stirrings, afterwardsCounted) = await still.holdThenLetGo(
        .milliseconds(1_100), from: downloadsWait,
        letGo: { DispatchQueue.global().async { failureHeld.open() } }
    ) { () -> String in
        do {
            let manifests = try await fetchAllManifests(of: heldAsked, using: held)
            return "returned \(counted(manifests.count, "manifest"))"
        } catch { return "threw \"\(error)\"" }
    }
    // Each download may run again of itself once let go, as in 03 and 04 (see `ownRunsPerHeldCall`).
    var afterwards = afterwardsCounted
    afterwards.spins = max(0, afterwards.spins - ownRunsPerHeldCall * heldAsked.count)
    let restless = stirrings.problem(while: "the downloads were going", awaiting: "the group's next result (for try await)")
        ?? afterwards.whatStirred.map {
            "once the downloads were let go and \(heldFailing)'s failed, before fetchAllManifests threw, \($0): throw the first failure as it comes (a pause keeps the caller waiting for the error, and one before the group has thrown lets the other downloads run on)"
        }
    report.expect(restless == nil && outcome == "threw \"\(heldError)\"", "waiting for the first failure, the call was woken by nothing until it came, and then only by the downloads' ends",
                  otherwise: restless ?? "with its downloads held back, then \(heldFailing)'s download failing, fetchAllManifests \(outcome ?? "did not end") instead of throwing \"\(heldError)\"")
}

/// The rovers to ask for: `failing` and two or more of the others `listed`, shuffled,
/// `failing` first where `first` is true, never first where it is false, anywhere where it is nil.
func askedWith(failing: String, from listed: [Rover], first: Bool?) -> [Rover] {
    let others = listed.filter { $0.name != failing }.shuffled()
    let toAsk = Array(others.prefix(CheckServices.random(in: 2...max(2, others.count))))
    let at = first == true ? 0 : CheckServices.random(in: (first == false ? 1 : 0)...toAsk.count)
    return Array(toAsk.prefix(at)) + listed.filter { $0.name == failing } + toAsk.dropFirst(at)
}

/// Forwards to `base`, but the `failing` rover's download fails only once the `others` have come
/// back (or the patience has run out: `cameBefore` says how many had): a failure after every other
/// result.
final class FailsLast: ForwardingRovers {
    let base: any MarsRoverService
    let failing: String
    let others: Int
    let error: ServiceError
    private let answered = Locked(0)
    private let came = Locked(0)

    /// How many of the others had come back when the failing rover's download failed.
    var cameBefore: Int { came.withLock { $0 } }

    init(base: any MarsRoverService, failing: String, others: Int, error: ServiceError) {
        self.base = base
        self.failing = failing
        self.others = others
        self.error = error
    }

    func photoManifest(rover: Rover) async throws -> PhotoManifest {
        guard rover.name == failing else {
            let manifest = try await base.photoManifest(rover: rover)
            answered.withLock { $0 += 1 }
            return manifest
        }
        _ = await poll(for: CheckServices.patience) { answered.withLock { $0 } >= others }
        let before = answered.withLock { $0 }
        came.withLock { $0 = before }
        throw error
    }
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
