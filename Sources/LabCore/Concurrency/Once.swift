/// An action done the first time it is asked for, and never again, from any thread: a note
/// printed once although the lock it announces may be waited for twice.
public final class Once: Sendable {
    private let action: (@Sendable () -> Void)?
    private let done = Locked(false)

    public init(_ action: (@Sendable () -> Void)?) { self.action = action }

    public func call() {
        let first = done.withLock { done in
            defer { done = true }
            return !done
        }
        if first { action?() }
    }
}
