// alternative: each child says what happened (a joke, a failure, the timeout) in an enum of its own
import LabCore

enum Outcome: Sendable {
    case joke(String)
    case failed
    case timedOut
}

func jokeOrOffline(
    clock: some Clock<Duration>, timeout: Duration, fetch: @escaping @Sendable () async throws -> String
) async -> String {
    await withTaskGroup(of: Outcome.self) { group in
        group.addTask {
            do { return .joke(try await fetch()) } catch { return .failed }
        }
        group.addTask {
            try? await clock.sleep(for: timeout)
            return .timedOut
        }
        defer { group.cancelAll() }
        guard case .joke(let joke) = await group.next() else { return "offline" }
        return joke
    }
}
