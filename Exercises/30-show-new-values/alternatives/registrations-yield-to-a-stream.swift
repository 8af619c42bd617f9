// alternative: each registration yields the value it read to a stream; one main-actor loop shows what comes
import Foundation
import Observation

@MainActor
func watchTarget(of thermostat: Thermostat, show: @escaping @MainActor @Sendable (Int) -> Void) {
    let (values, sink) = AsyncStream<Int>.makeStream()
    register(thermostat, sink)
    Task { @MainActor in
        for await value in values { show(value) }
    }
}

@MainActor
private func register(_ thermostat: Thermostat, _ sink: AsyncStream<Int>.Continuation) {
    sink.yield(withObservationTracking { thermostat.target } onChange: {
        Task { @MainActor in register(thermostat, sink) }
    })
}
