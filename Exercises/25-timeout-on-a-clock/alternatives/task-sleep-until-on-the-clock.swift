// alternative: Task.sleep(until:tolerance:clock:) on the given clock, the deadline read from it
import LabCore

func jokeOrOffline<C: Clock<Duration>>(
    clock: C, timeout: Duration, fetch: @escaping @Sendable () async throws -> String
) async -> String {
    let deadline = clock.now.advanced(by: timeout)
    return await withTaskGroup(of: String?.self) { group in
        group.addTask { try? await fetch() }
        group.addTask {
            try? await Task.sleep(until: deadline, tolerance: nil, clock: clock)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first ?? "offline"
    }
}
