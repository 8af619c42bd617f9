// alternative: children hand back a Result; the loop takes the first and cancels the rest
import LabCore

struct TimedOut: Error {}

func jokeOrOffline(
    clock: some Clock<Duration>, timeout: Duration, fetch: @escaping @Sendable () async throws -> String
) async -> String {
    await withTaskGroup(of: Result<String, any Error>.self) { group in
        group.addTask {
            do { return .success(try await fetch()) } catch { return .failure(error) }
        }
        group.addTask {
            do {
                try await clock.sleep(for: timeout)
                return .failure(TimedOut())
            } catch {
                return .failure(error)
            }
        }
        var answer = "offline"
        for await result in group {
            if case .success(let joke) = result { answer = joke }
            break
        }
        group.cancelAll()
        return answer
    }
}
