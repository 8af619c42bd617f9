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
    let log = CallLog()
    let all = (try? MarsRoverClient.fixtureRovers()) ?? []
    let rovers = Array(all.shuffled().prefix(3))
    let api = LoggedRovers(base: MarsRoverClient.simulated(CheckServices.behavior()), log: log, listed: all)
    report.waiting("latestPhotos(of:using:) for \(rovers.map(\.name))")
    do {
        let photos = try await latestPhotos(of: rovers, using: api)
        report.expect(photos.map(\.rover.name) == rovers.map(\.name), "one photo per rover, in the rovers' order",
                      otherwise: "for \(rovers.map(\.name)) expected their photos in that order, got \(photos.map(\.rover.name))")
    } catch {
        report.fail("latestPhotos threw \(error)")
    }
    let calls = log.keys(startingWith: "latest").sorted()
    report.expect(calls == rovers.map { "latest \($0.name)" }.sorted(), "one call per rover, no more",
                  otherwise: "expected one latestPhotos call per rover, saw \(calls)")
    let most = log.maxInFlight(startingWith: "latest")
    report.expect(most == 3, "the 3 rovers' calls were in flight at once",
                  otherwise: "at most \(most) of the rovers' calls were in flight at once: they ran one after the other")

    let hanging = HangingRovers(base: MarsRoverClient.simulated(CheckServices.behavior()), listed: all)
    report.waiting("latestPhotos(of:using:) cancelled while its calls are in flight")
    let seen = await hanging.cancelled(expected: 3) { _ = try await latestPhotos(of: rovers, using: hanging) }
    report.expect(seen.started > 0 && seen.cancelled == seen.started, "cancelling the caller cancelled all its \(seen.started) calls",
                  otherwise: "cancelling the task that called latestPhotos reached \(seen.cancelled) of its \(seen.started) calls: a call in a task of its own (Task {} or Task.detached) does not inherit cancellation")
}
