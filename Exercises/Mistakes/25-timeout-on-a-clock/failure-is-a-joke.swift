// mistake: shows the error's description when the fetch fails, instead of "offline"
// expect: a failed fetch
import LabCore

func jokeOrOffline(
    clock: some Clock<Duration>, timeout: Duration, fetch: @escaping @Sendable () async throws -> String
) async -> String {
    await withTaskGroup(of: String?.self) { group in
        group.addTask {
            do { return try await fetch() } catch { return "\(error)" }
        }
        group.addTask {
            try? await clock.sleep(for: timeout)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first ?? "offline"
    }
}
