// alternative: two async let children race into one stream; leaving the scope cancels the loser
import LabCore

func jokeOrOffline(
    clock: some Clock<Duration>, timeout: Duration, fetch: @escaping @Sendable () async throws -> String
) async -> String {
    let (firsts, first) = AsyncStream<String?>.makeStream()
    async let joke: Void = { _ = first.yield(try? await fetch()) }()
    async let timer: Void = {
        try? await clock.sleep(for: timeout)
        _ = first.yield(nil)
    }()
    var answer: String? = nil
    for await result in firsts {
        answer = result
        break
    }
    return answer ?? "offline"
}
