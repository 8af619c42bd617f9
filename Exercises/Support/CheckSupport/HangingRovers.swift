import LabCore
import LabScenarios

/// Rovers whose calls take five seconds unless cancelled, counting both: cancelling the task
/// that called the student's function must reach every call it started. A call made in a
/// task of its own (`Task {}` or `Task.detached`) does not inherit the cancellation.
struct HangingRovers: MarsRoverService {
    let base: any MarsRoverService
    let listed: [Rover]
    let calls = Locked((started: 0, cancelled: 0))

    func hang<T>(_ answer: () async throws -> T) async throws -> T {
        calls.withLock { $0.started += 1 }
        // Longer than `cancelled(expected:)` waits for the calls to start (the patience): a loop's
        // first call is still hanging when that wait gives up, so it is the call cancelled.
        do { try await Task.sleep(for: .seconds(5)) } catch {
            calls.withLock { $0.cancelled += 1 }
            throw error
        }
        return try await answer()
    }

    func allRovers() async throws -> [Rover] { listed }
    func latestPhotos(rover: Rover) async throws -> [MarsPhoto] {
        try await hang { try await base.latestPhotos(rover: rover) }
    }
    func photoManifest(rover: Rover) async throws -> PhotoManifest {
        try await hang { try await base.photoManifest(rover: rover) }
    }
    func photos(rover: Rover, earthDate: String, page: Int) async throws -> [MarsPhoto] {
        try await base.photos(rover: rover, earthDate: earthDate, page: page)
    }

    /// Starts `call` in a task, waits until `expected` calls are in flight, cancels the task and
    /// gives the calls time to see it. The started and cancelled counts. Each wait ends as soon as
    /// its count is reached; its limit (`CheckServices.patience`) is only for an answer that never
    /// gets there, and far longer than a busy machine takes to start or cancel a call.
    func cancelled(expected: Int, _ call: @escaping @Sendable () async throws -> Void) async -> (
        started: Int, cancelled: Int
    ) {
        let task = Task { try await call() }
        _ = await poll(for: CheckServices.patience) { calls.withLock { $0.started >= expected } }
        task.cancel()
        _ = await poll(for: CheckServices.patience) { calls.withLock { $0.cancelled >= $0.started } }
        // And the call itself over, so that nothing of it wakes while a later round watches (its
        // group's parent is woken as each cancelled child ends).
        _ = await within(CheckServices.patience) { _ = await task.result }
        return calls.withLock { $0 }
    }
}
