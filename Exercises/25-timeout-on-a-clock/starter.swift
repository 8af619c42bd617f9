import LabCore

// Exercise 25 · testing-async · A timeout a test can drive
//
// The joke screen shows "offline" when the joke service has not answered within
// `timeout`. The code takes a clock so that tests can pass a clock they advance by
// hand (the lesson's ManualClock) instead of waiting for real time, but it ignores
// the clock: it sleeps two real seconds, whatever timeout it is given.
//
// TODO: wait for the timeout on `clock`. Return the joke if it arrives first, and
// "offline" if the timeout comes first or the fetch fails; either way, stop the
// other one (a late joke is not wanted, and the timeout's sleep must not linger).

func jokeOrOffline(
    clock: some Clock<Duration>, timeout: Duration, fetch: @escaping @Sendable () async throws -> String
) async -> String {
    await withTaskGroup(of: String?.self) { group in
        group.addTask { try? await fetch() }
        group.addTask {
            try? await Task.sleep(for: .seconds(2))
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first ?? "offline"
    }
}
