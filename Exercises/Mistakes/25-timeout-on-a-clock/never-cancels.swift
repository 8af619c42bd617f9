// mistake: takes the first answer but never cancels the other child, so the group waits for it
// expect: did not answer
import LabCore

func jokeOrOffline(
    clock: some Clock<Duration>, timeout: Duration, fetch: @escaping @Sendable () async throws -> String
) async -> String {
    await withTaskGroup(of: String?.self) { group in
        group.addTask { try? await fetch() }
        group.addTask {
            try? await clock.sleep(for: timeout)
            return nil
        }
        let first = await group.next() ?? nil
        return first ?? "offline"
    }
}
