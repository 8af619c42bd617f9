/// The first of `body` and `limit` (real time): nil when the limit came first. The body is
/// left running: an answer that never returns cannot hold the check past its limit.
func within<T: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async -> T) async -> T? {
    let (stream, continuation) = AsyncStream<T?>.makeStream()
    let work = Task { continuation.yield(await body()) }
    let timer = Task {
        try? await Task.sleep(for: limit)
        continuation.yield(nil)
    }
    var iterator = stream.makeAsyncIterator()
    let first = await iterator.next() ?? nil
    timer.cancel()
    _ = work
    return first
}

/// Whether `condition` became true within `limit`, looking every few milliseconds.
func poll(for limit: Duration, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while !condition() {
        if ContinuousClock.now >= deadline { return false }
        try? await Task.sleep(for: .milliseconds(3))
    }
    return true
}
