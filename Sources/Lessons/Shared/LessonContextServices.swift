import LabScenarios
import LessonKit

// Here, not in LessonKit: the lesson framework knows nothing of the sources' scenarios,
// and the lessons are where the two meet.
extension LessonContext {
    /// Service behaviour on this run's clock and seed.
    public func behavior(latency: LatencyModel, failures: FailureInjection = .none) -> ServiceBehavior {
        ServiceBehavior(latency: latency, failures: failures, seed: options.seed, scale: options.scale)
    }
}
