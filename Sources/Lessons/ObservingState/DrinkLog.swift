import LabCore
import LabScenarios
import LabTrace
import LessonKit
import Observation

/// Coffee Tracker's model: the cups logged today and their caffeine. `@Observable`, on the
/// main actor as a view's model is; `cups` also feeds a stream from its `didSet`, the way code
/// written before Observation often publishes a property.
@MainActor @Observable
final class DrinkLog {
    var cups = 0 {
        didSet { cupsChanged?.yield(cups) }
    }
    var caffeineMilligrams = 0

    /// Where `didSet` sends every new value of `cups`, when something listens.
    @ObservationIgnored var cupsChanged: AsyncStream<Int>.Continuation?

    /// True only while a change runs: how a callback tells that it was called from inside it.
    @ObservationIgnored let changing = Locked(false)

    /// Logs one drink: two properties change, in one synchronous step.
    func add(milligrams: Int) {
        cups += 1
        caffeineMilligrams += milligrams
    }

    /// Runs `change` with `changing` set, so an observer called synchronously inside it knows.
    func changing(_ change: () -> Void) {
        changing.withLock { $0 = true }
        change()
        changing.withLock { $0 = false }
    }
}
