import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// Lesson 15: watching an `@Observable` model from async code.
public struct ObservingStateLesson: Lesson {
    public init() {}

    public let name = "observing-state"
    public let title = "Observing state: Observations, withObservationTracking, a didSet stream, polling"
    public let summary =
        "which changes each way of watching an @Observable model delivers (transactions coalesced), on which actor, with what latency and allocations"

    public let introduction = """
        "How do I watch an @Observable model from async code?" Swift 6.2 added Observations \
        (SE-0475): an AsyncSequence of a model's values. Before it, code used \
        withObservationTracking, an AsyncStream fed by a property's didSet, or a polling loop. \
        We run all four on Coffee Tracker's drink log and measure which changes each delivers, \
        on which actor, how late and with how many allocations.
        """

    public var variants: [LessonVariant] {
        [DeliveriesVariant.variant, CostVariant.variant]
    }

    public let takeaways = [
        "Observations gives the current value, then one value per transaction: changes made in one synchronous step arrive as one. Its closure runs on the actor it was written on.",
        "withObservationTracking's onChange runs once, synchronously inside the change (willSet), before the new value is there: re-register and read later, or use Observations.",
        "An AsyncStream fed by didSet delivers every intermediate value and no current one; polling sees what is there when it looks, late and at a constant cost.",
        "Observations needs Swift 6.2's runtime: every Linux toolchain from 6.2, macOS 26 / iOS 26 on Apple platforms; gate it with #available.",
    ]

    /// What a variant prints where the runtime has no `Observations`.
    static let needsSwift62Runtime =
        "Observations is not in this system's runtime (it needs Swift 6.2's: macOS 26, iOS 26 or later on Apple platforms), so it was left out of this run."
}
