// alternative: a throwing group whose timeout child throws; any error (the timeout's or the fetch's) is "offline"
import LabCore

struct TimedOut: Error {}

func jokeOrOffline<C: Clock>(
    clock: C, timeout: C.Duration, fetch: @escaping @Sendable () async throws -> String
) async -> String {
    do {
        return try await withThrowingTaskGroup(of: String.self) { group in
            group.addTask { try await fetch() }
            group.addTask {
                try await clock.sleep(until: clock.now.advanced(by: timeout), tolerance: nil)
                throw TimedOut()
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw TimedOut() }
            return first
        }
    } catch {
        return "offline"
    }
}
