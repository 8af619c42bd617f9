import Synchronization
// As Lessons' MutexCounter: a class in another module, its increment() a call.
public final class MutexCounter: Sendable {
    private let state = Mutex(0)
    public init() {}
    public func increment() { state.withLock { $0 += 1 } }
    public var value: Int { state.withLock { $0 } }
}
