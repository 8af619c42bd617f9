// The same actor as the lessons' ActorCounter, compiled as a separate library
// so the optimizer cannot see into `increment()` from the caller.
public actor LibraryCounter {
    public private(set) var value = 0
    public init() {}
    public func increment() { value += 1 }
}
