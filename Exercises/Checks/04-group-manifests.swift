import LabKit
@testable import StudentCode

let plannedExpectations = 4

/// Rovers whose calls take two seconds unless cancelled, counting both: cancelling the task
/// that called the student's function must reach every call it started. A call made in a
/// task of its own (`Task {}` or `Task.detached`) does not inherit the cancellation.
struct HangingRovers: MarsRoverService {
    let base: any MarsRoverService
    let listed: [Rover]
    let calls = Locked((started: 0, cancelled: 0))

    func hang<T>(_ answer: () async throws -> T) async throws -> T {
        calls.withLock { $0.started += 1 }
        do { try await Task.sleep(for: .seconds(2)) } catch {
            calls.withLock { $0.cancelled += 1 }
            throw error
        }
        return try await answer()
    }

    func allRovers() async throws -> [Rover] { listed }
    func latestPhotos(rover: Rover) async throws -> [MarsPhoto] { try await hang { try await base.latestPhotos(rover: rover) } }
    func photoManifest(rover: Rover) async throws -> PhotoManifest { try await hang { try await base.photoManifest(rover: rover) } }
    func photos(rover: Rover, earthDate: String, page: Int) async throws -> [MarsPhoto] {
        try await base.photos(rover: rover, earthDate: earthDate, page: page)
    }

    /// Starts `call` in a task, waits until `expected` calls are in flight, cancels the task and
    /// gives the calls half a second to see it. The started and cancelled counts.
    func cancelled(expected: Int, _ call: @escaping @Sendable () async throws -> Void) async -> (started: Int, cancelled: Int) {
        let task = Task { try await call() }
        _ = await poll(for: .milliseconds(500)) { calls.withLock { $0.started >= expected } }
        task.cancel()
        _ = await poll(for: .milliseconds(500)) { calls.withLock { $0.cancelled >= $0.started } }
        return calls.withLock { $0 }
    }
}

/// Whether `condition` became true within `limit`, looking every few milliseconds.
func poll(for limit: Duration, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while !condition() {
        if ContinuousClock.now >= deadline { return false }
        try? await Task.sleep(for: .milliseconds(3))
    }
    return true
}

func runCheck(_ report: CheckReport) async {
    let all = (try? MarsRoverClient.fixtureRovers()) ?? []
    // The API lists a different number of rovers on each of two calls: code written
    // for a fixed number of rovers fails at least one of them.
    let first = CheckServices.random(in: 2...all.count)
    let second = ([Int](2...all.count).filter { $0 != first }).randomElement() ?? first
    var problems: [String] = []
    var concurrent = true
    var oneEach = true
    var complete = true
    for count in [first, second] {
        let log = CallLog()
        let listed = Array(all.shuffled().prefix(count))
        let api = LoggedRovers(base: MarsRoverClient.simulated(CheckServices.behavior()), log: log, listed: listed)
        report.waiting("fetchPhotoManifests(using:) with \(count) rovers listed")
        do {
            let manifests = try await fetchPhotoManifests(using: api)
            if manifests.map(\.name).sorted() != listed.map(\.name).sorted() {
                complete = false
                problems.append("the API listed \(listed.map(\.name)); got manifests of \(manifests.map(\.name))")
            }
        } catch {
            complete = false
            problems.append("with \(count) rovers, fetchPhotoManifests threw \(error)")
        }
        let calls = log.keys(startingWith: "manifest").count
        if calls != count { oneEach = false; problems.append("\(calls) manifest requests for \(count) rovers") }
        let most = log.maxInFlight(startingWith: "manifest")
        if most != count { concurrent = false; problems.append("at most \(most) of \(count) manifest requests were in flight at once") }
    }
    report.expect(complete, "a manifest for every rover the API listed, \(first) and then \(second)",
                  otherwise: problems.first { $0.contains("listed") || $0.contains("threw") } ?? "")
    report.expect(oneEach, "one manifest request per rover", otherwise: problems.first { $0.contains("requests for") } ?? "")
    report.expect(concurrent, "all the manifest requests were in flight at once, \(first) and then \(second)",
                  otherwise: problems.first { $0.contains("in flight") } ?? "")

    let listed = Array(all.shuffled().prefix(CheckServices.random(in: 2...all.count)))
    let hanging = HangingRovers(base: MarsRoverClient.simulated(CheckServices.behavior()), listed: listed)
    report.waiting("fetchPhotoManifests(using:) cancelled while its requests are in flight")
    let seen = await hanging.cancelled(expected: listed.count) { _ = try await fetchPhotoManifests(using: hanging) }
    report.expect(seen.started > 0 && seen.cancelled == seen.started, "cancelling the caller cancelled all its \(seen.started) manifest requests",
                  otherwise: "cancelling the task that called fetchPhotoManifests reached \(seen.cancelled) of its \(seen.started) requests: a request in a task of its own (Task {} or Task.detached) does not inherit cancellation")
}
