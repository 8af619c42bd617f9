// alternative: computes the deadline from clock.now and sleeps until it
import LabCore

func jokeOrOffline<C: Clock<Duration>>(
    clock: C, timeout: Duration, fetch: @escaping @Sendable () async throws -> String
) async -> String {
    let deadline = clock.now.advanced(by: timeout)
    return await withTaskGroup(of: String?.self) { group in
        group.addTask { try? await fetch() }
        group.addTask {
            try? await clock.sleep(until: deadline, tolerance: nil)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first ?? "offline"
    }
}
