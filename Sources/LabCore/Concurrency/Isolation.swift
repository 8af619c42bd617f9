/// Where a piece of code ran, as the compiler sees it: read from `#isolation`,
/// never from thread identity (on Linux the main actor does not stay on the main thread).
public enum Isolation: Sendable, Hashable, Codable, CustomStringConvertible {
    case mainActor
    /// An actor instance, named by its type.
    case actor(String)
    /// No actor: the global concurrent executor (or the caller's thread, for sync code).
    case nonisolated

    /// Classifies an isolation value as passed by `#isolation`.
    public init(_ actor: (any Actor)?) {
        guard let actor else {
            self = .nonisolated
            return
        }
        if actor === MainActor.shared {
            self = .mainActor
        } else {
            self = .actor(String(describing: type(of: actor)))
        }
    }

    /// The isolation of the caller. Call as `Isolation.current()`.
    public static func current(_ isolation: isolated (any Actor)? = #isolation) -> Isolation {
        Isolation(isolation)
    }

    public var description: String {
        switch self {
        case .mainActor: "main actor"
        case .actor(let name): "actor \(name)"
        case .nonisolated: "nonisolated"
        }
    }
}
