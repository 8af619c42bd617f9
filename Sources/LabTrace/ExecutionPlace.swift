import LabCore

/// Where a step ran, in the four places a page tells apart: the main actor, another actor,
/// the global executor (the cooperative pool), or a thread outside any task (a completion
/// handler on a dispatch queue, a dedicated thread).
///
/// Each place has a colour from Okabe and Ito's palette, which readers with any common colour
/// blindness can tell apart, and also a fill pattern and a letter: colour never carries the
/// meaning alone, and a page printed in grey still tells them apart.
public enum ExecutionPlace: String, Sendable, CaseIterable {
    case mainActor = "main-actor"
    case actor
    case globalExecutor = "global-executor"
    case threadOfItsOwn = "own-thread"

    public init(_ span: Span) {
        if span.ranOutsideAnyTask {
            self = .threadOfItsOwn
            return
        }
        switch span.ranOn {
        case .mainActor: self = .mainActor
        case .actor: self = .actor
        case .nonisolated: self = .globalExecutor
        }
    }

    public var title: String {
        switch self {
        case .mainActor: "main actor"
        case .actor: "an actor"
        // The word the step tables use ("ran on: nonisolated"), and where such code runs.
        case .globalExecutor: "nonisolated (global executor)"
        case .threadOfItsOwn: "a thread outside the pool"
        }
    }

    /// Drawn inside a bar wide enough to hold it.
    public var letter: String {
        switch self {
        case .mainActor: "M"
        case .actor: "A"
        case .globalExecutor: "G"
        case .threadOfItsOwn: "T"
        }
    }

    /// Okabe–Ito: blue, orange, bluish green, reddish purple.
    public var colour: String {
        switch self {
        case .mainActor: "#0072B2"
        case .actor: "#E69F00"
        case .globalExecutor: "#009E73"
        case .threadOfItsOwn: "#CC79A7"
        }
    }

    /// Where a span ran, in words for a tooltip or a table cell: the actor's name where known.
    public static func describe(_ span: Span) -> String {
        let place = ExecutionPlace(span)
        switch (place, span.ranOn) {
        case (.actor, .actor(let name)): return "actor \(name)"
        default: return place.title
        }
    }
}
