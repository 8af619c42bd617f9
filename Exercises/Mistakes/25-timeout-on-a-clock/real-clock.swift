// mistake: sleeps the timeout on ContinuousClock, not on the clock it was given
// expect: never slept on the clock
import LabCore

func jokeOrOffline(
    clock: some Clock<Duration>, timeout: Duration, fetch: @escaping @Sendable () async throws -> String
) async -> String {
    await withTaskGroup(of: String?.self) { group in
        group.addTask { try? await fetch() }
        group.addTask {
            try? await ContinuousClock().sleep(for: timeout)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first ?? "offline"
    }
}
