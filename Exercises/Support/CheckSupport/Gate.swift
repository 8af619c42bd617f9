import LabCore

/// A door the check opens once: every task that waits at it suspends until then, and one that
/// comes later goes straight through. "Still going" becomes a moment the check chooses.
final class Gate: Sendable {
    private let state = Locked((open: false, waiting: [CheckedContinuation<Void, Never>]()))

    func wait() async {
        await withCheckedContinuation { continuation in
            let through = state.withLock { state -> Bool in
                if state.open { return true }
                state.waiting.append(continuation)
                return false
            }
            if through { continuation.resume() }
        }
    }

    func open() {
        let waiting = state.withLock { state in
            state.open = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}
