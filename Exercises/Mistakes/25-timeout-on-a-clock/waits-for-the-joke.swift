// mistake: lets the timeout pass but still waits for the joke before deciding
// expect: did not answer
import LabCore

func jokeOrOffline(
    clock: some Clock<Duration>, timeout: Duration, fetch: @escaping @Sendable () async throws -> String
) async -> String {
    try? await clock.sleep(for: timeout)
    if let joke = try? await fetch() { return joke }
    return "offline"
}
