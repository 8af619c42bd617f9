import LabCore

/// Holds calls until `peak` of them are waiting in it at once, then lets them all go, and every
/// later call at once: the hold opens for good. A check or a test that asserts how many calls a
/// pattern has in flight together uses it, so the figure is what the pattern allows, not how fast
/// a busy machine happened to start the calls. (With calls of 20 ms, one busy CPU can start a
/// fan-out's last call after its first has ended, and a correct answer would be told it ran
/// "one after the other".)
///
/// Put it inside what counts a call as in flight, so a held call counts: then no call counted
/// can end before the hold opens, and the calls held at once are the calls in flight at once.
/// A pattern that cannot reach `peak` (a loop that awaits each call) is let go when `patience`
/// runs out, once: the hold then opens, the pattern is slowed and never stopped, and the peak
/// it shows is its own.
public final class PeakHold: Sendable {
    public let peak: Int
    public let patience: Duration
    private let state = Locked(State())

    private struct State {
        var open = false
        var held: [CheckedContinuation<Void, Never>] = []
        /// Opens the hold when patience runs out; started by the first call held.
        var patienceEnds: Task<Void, Never>?
    }

    public init(peak: Int, patience: Duration = .seconds(1)) {
        self.peak = peak
        self.patience = patience
    }

    /// Suspends the caller until the hold opens (at once if it is open).
    public func enter() async {
        await withCheckedContinuation { call in
            let released: [CheckedContinuation<Void, Never>] = state.withLock { state in
                if state.open { return [call] }
                state.held.append(call)
                if state.held.count >= peak { return Self.open(&state) }
                if state.patienceEnds == nil {
                    // Not structured: it must outlive this call, which it may be the one to let go.
                    state.patienceEnds = Task { [patience] in
                        try? await Task.sleep(for: patience)
                        self.letGo()
                    }
                }
                return []
            }
            for call in released { call.resume() }
        }
    }

    /// Whether the hold has opened (the peak was reached, or patience ran out).
    public var isOpen: Bool { state.withLock { $0.open } }

    /// Whether it started the task that waits out its patience (a check that counts the tasks
    /// created while calls pass through it tells that one apart: exercise 02's).
    public var startedItsPatience: Bool { state.withLock { $0.patienceEnds != nil } }

    /// Calls waiting in the hold now (tests).
    var heldCount: Int { state.withLock { $0.held.count } }

    /// Opens the hold now: every call held goes, and every later one at once. For a caller that
    /// knows better than a count when the calls may go (exercise 02's check: once the button
    /// returned).
    public func letGo() {
        for call in state.withLock({ Self.open(&$0) }) { call.resume() }
    }

    private static func open(_ state: inout State) -> [CheckedContinuation<Void, Never>] {
        guard !state.open else { return [] }
        state.open = true
        state.patienceEnds?.cancel()
        defer { state.held = [] }
        return state.held
    }
}
