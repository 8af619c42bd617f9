// alternative: the timeout sleeps with Task.sleep(for:clock:) on the given clock
import LabCore

// Exercise 25 · solution: sleep on the clock you were given, for the timeout you were given.

func jokeOrOffline(
    clock: some Clock<Duration>, timeout: Duration, fetch: @escaping @Sendable () async throws -> String
) async -> String {
    await withTaskGroup(of: String?.self) { group in
        group.addTask { try? await fetch() }
        group.addTask {
            try? await Task.sleep(for: timeout, clock: clock)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first ?? "offline"
    }
}
