import Dispatch
import LabCore

/// A store's answers to one operation, kept back as they come and let go by the check from a
/// Dispatch thread (in no task: the store answering, not a wake the check hands over), never
/// before `earliest`; one that comes after that runs at once. Answers to other operations (the
/// check's own set-up) run as they come.
final class HeldAnswers: Sendable {
    /// The moment the first kept answer's handler was called, and the process's CPU then.
    struct Call: Sendable {
        let at: ContinuousClock.Instant
        let cpu: Double
    }
    private let operation: String
    private let state = Locked((kept: [@Sendable () -> Void](), letGo: false))
    private let called = Locked<Call?>(nil)

    init(_ operation: String) { self.operation = operation }

    var handlerCalled: Call? { called.withLock { $0 } }

    /// The store's `handOver`.
    func handOver(_ operation: String, _ answer: @escaping @Sendable () -> Void) {
        guard operation == self.operation else { return answer() }
        let runNow = state.withLock { state -> Bool in
            if !state.letGo { state.kept.append(answer) }
            return state.letGo
        }
        if runNow { run(answer) }
    }

    func letGo(notBefore earliest: ContinuousClock.Instant) {
        let left = max(.zero, ContinuousClock.now.duration(to: earliest))
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(left.seconds * 1e9))) { [self] in
            let kept = state.withLock { state -> [@Sendable () -> Void] in
                state.letGo = true
                defer { state.kept = [] }
                return state.kept
            }
            kept.forEach(run)
        }
    }

    private func run(_ answer: @Sendable () -> Void) {
        called.withLock { $0 = $0 ?? Call(at: .now, cpu: processCPUSeconds()) }
        answer()
    }
}
