// alternative: a throwing discarding group; the first child to end records the answer and throws, which cancels the other
import LabCore
import Synchronization

final class First: Sendable {
    let value = Mutex<String?>(nil)
}

struct Done: Error {}

func jokeOrOffline(
    clock: some Clock<Duration>, timeout: Duration, fetch: @escaping @Sendable () async throws -> String
) async -> String {
    let first = First()
    try? await withThrowingDiscardingTaskGroup { group in
        group.addTask {
            let joke = try? await fetch()
            first.value.withLock { if $0 == nil { $0 = joke ?? "offline" } }
            throw Done()
        }
        group.addTask {
            try? await clock.sleep(for: timeout)
            first.value.withLock { if $0 == nil { $0 = "offline" } }
            throw Done()
        }
    }
    return first.value.withLock { $0 } ?? "offline"
}
