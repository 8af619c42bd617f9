import LabCore
import LabScenarios
import LabTrace
import LessonKit
import Observation

/// One way of watching `DrinkLog.cups` from async code, written once and run by both variants:
/// it logs every value it delivers, when, and on which isolation.
@MainActor
final class Watcher {
    enum Kind: String, Sendable, CaseIterable {
        case observations = "Observations"
        case tracking = "withObservationTracking"
        case didSetStream = "AsyncStream from didSet"
        case polling = "polling"

        var key: String {
            switch self {
            case .observations: "observations"
            case .tracking: "tracking"
            case .didSetStream: "did_set_stream"
            case .polling: "polling"
            }
        }
    }

    typealias Delivery = DeliveryBook.Delivery

    /// How often the polling watcher reads the model.
    nonisolated static let pollInterval: Duration = .milliseconds(2)

    let kind: Kind
    let log: DrinkLog
    private let delivered = DeliveryBook()
    /// Observations: where its closure (which reads the model) ran.
    private let closureIsolation = Locked<Isolation?>(nil)
    /// withObservationTracking: each onChange call, whether it came from inside the change, and the value it read there.
    private let changeCalls = Locked<[(insideChange: Bool, valueSeen: Int?)]>([])
    private var task: Task<Void, Never>?
    private var tracking = false

    init(_ kind: Kind, log: DrinkLog) {
        self.kind = kind
        self.log = log
    }

    var deliveries: [Delivery] { delivered.all }
    var lastDelivery: Delivery? { delivered.latest }
    /// The delivery of `value`, once it comes (nil once `abandon()` was called).
    func delivery(of value: Int) async -> Delivery? { await delivered.delivery(of: value) }
    func abandon() { delivered.abandon() }
    var observationsClosureIsolation: Isolation? { closureIsolation.withLock { $0 } }
    var onChangeCalls: [(insideChange: Bool, valueSeen: Int?)] { changeCalls.withLock { $0 } }

    /// Whether this runtime has `Observations` (Swift 6.2's runtime: every Linux toolchain from
    /// 6.2; on Apple platforms macOS 26 / iOS 26).
    nonisolated static var observationsAvailable: Bool {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) { return true }
        return false
    }

    func start() {
        switch kind {
        case .observations:
            guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return }
            let log = log
            let closureIsolation = closureIsolation
            let values = Observations { () -> Int in
                closureIsolation.withLock { $0 = Isolation.current() }
                return log.cups
            }
            // Iterated from a task on no actor: the values still come from the closure's actor.
            let delivered = delivered
            task = Task.detached {
                for await value in values {
                    delivered.record(value)
                }
            }
        case .tracking:
            tracking = true
            track()
        case .didSetStream:
            let (values, continuation) = AsyncStream.makeStream(of: Int.self)
            log.cupsChanged = continuation
            task = Task { @MainActor [delivered] in
                for await value in values {
                    delivered.record(value)
                }
            }
        case .polling:
            task = Task { @MainActor [log, delivered] in
                var last: Int?
                while !Task.isCancelled {
                    let value = log.cups
                    if value != last {
                        delivered.record(value)
                        last = value
                    }
                    try? await Task.sleep(for: Self.pollInterval)
                }
            }
        }
    }

    /// Reads the model under tracking and delivers what it read; onChange fires once, on the
    /// first change after, and re-registers from a main-actor task (the usual loop).
    private func track() {
        guard tracking else { return }
        let value = withObservationTracking {
            log.cups
        } onChange: { [log, changeCalls] in
            let inside = log.changing.withLock { $0 }
            // Called synchronously inside the change (checked just above), so on the main actor.
            let seen = inside ? MainActor.assumeIsolated { log.cups } : nil
            changeCalls.withLock { $0.append((inside, seen)) }
            Task { @MainActor [weak self] in self?.track() }
        }
        delivered.record(value)
    }

    /// Stops watching. The stream is finished, not cancelled, so its consumer first drains
    /// what is buffered (cancelling would drop it); the others are cancelled.
    func stop() async {
        tracking = false
        if kind == .didSetStream {
            log.cupsChanged?.finish()
            log.cupsChanged = nil
        } else {
            task?.cancel()
        }
        await task?.value
        task = nil
    }
}

/// Every value a watcher delivered, the latest alone, and at most one waiter for a value: the
/// cost variant awaits each delivery here instead of spinning (a spin would allocate and count
/// against the watcher).
final class DeliveryBook: Sendable {
    struct Delivery: Sendable, Equatable {
        let value: Int
        let at: ContinuousClock.Instant
        /// Where the code that handled the value ran.
        let isolation: Isolation
    }

    private struct State {
        var all: [Delivery] = []
        var latest: Delivery?
        var waiter: (value: Int, continuation: CheckedContinuation<Delivery?, Never>)?
        var abandoned = false
    }

    private let state = Locked(State())

    var all: [Delivery] { state.withLock { $0.all } }
    var latest: Delivery? { state.withLock { $0.latest } }

    /// Logs one delivery, with the isolation of the code that handled it, and wakes a waiter for it.
    func record(_ value: Int, isolation: isolated (any Actor)? = #isolation) {
        let delivery = Delivery(value: value, at: .now, isolation: Isolation(isolation))
        let waiter = state.withLock { state -> CheckedContinuation<Delivery?, Never>? in
            state.all.append(delivery)
            state.latest = delivery
            guard let waiter = state.waiter, waiter.value == value else { return nil }
            state.waiter = nil
            return waiter.continuation
        }
        waiter?.resume(returning: delivery)
    }

    /// The delivery of `value`, once it comes; nil once the book is abandoned.
    func delivery(of value: Int) async -> Delivery? {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> (Bool, Delivery?) in
                if state.abandoned { return (true, nil) }
                if let latest = state.latest, latest.value == value { return (true, latest) }
                state.waiter = (value, continuation)
                return (false, nil)
            }
            if ready.0 { continuation.resume(returning: ready.1) }
        }
    }

    /// Stops waiting: wakes a waiter with nil, and every later wait returns nil at once.
    func abandon() {
        let waiter = state.withLock { state in
            state.abandoned = true
            defer { state.waiter = nil }
            return state.waiter?.continuation
        }
        waiter?.resume(returning: nil)
    }
}
