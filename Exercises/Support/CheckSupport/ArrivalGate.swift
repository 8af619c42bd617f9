/// Calls that complete in a chosen order, whatever the machine does: a call's answer is held
/// until every call before it in `order` has completed and 20 ms more have passed, so that an
/// answer which keeps the order the calls *finished* in is caught on every run, not only when
/// the timings happen to differ. A call waits at most 300 ms for the ones before it: an answer
/// that makes its calls one at a time is slowed, never stopped.
actor ArrivalGate {
    private let order: [String]
    private var completed: [String: ContinuousClock.Instant] = [:]

    init(order: [String]) { self.order = order }

    /// Suspends until `key`'s turn (see above), then marks it completed.
    func turn(_ key: String) async {
        let deadline = ContinuousClock.now + .milliseconds(300)
        while let index = order.firstIndex(of: key), ContinuousClock.now < deadline {
            let before = order[..<index]
            let last = before.compactMap { completed[$0] }.max()
            if before.allSatisfy({ completed[$0] != nil }), let last, ContinuousClock.now >= last + .milliseconds(20) {
                break
            }
            if index == 0 { break }
            try? await Task.sleep(for: .milliseconds(2))
        }
        completed[key] = ContinuousClock.now
    }
}
