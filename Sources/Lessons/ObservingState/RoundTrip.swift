import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// One watcher on a fresh model, and changes that each wait for their delivery: what the cost
/// variant counts and `lab bench "observing state"` times, written once.
@MainActor
public final class ObservationRoundTrip {
    /// The watchers by name, as `lab bench` lists them; nil: nobody watching.
    nonisolated public static var kinds: [(name: String, key: String?)] {
        [("nobody watching", nil)]
            + Watcher.Kind.allCases.filter { $0 != .observations || Watcher.observationsAvailable }.map {
                ($0.rawValue, $0.key)
            }
    }

    let kind: Watcher.Kind?
    private let log: DrinkLog
    private let watcher: Watcher?
    private var guardTask: Task<Void, Never>?

    /// Starts the watcher (found by its key; nil or unknown: nobody watching) and waits for its first delivery.
    public init(key: String?) async {
        let log = DrinkLog()
        let kind = Watcher.Kind.allCases.first { $0.key == key }
        self.log = log
        self.kind = kind
        watcher = kind.map { Watcher($0, log: log) }
        watcher?.start()
        if let watcher, kind != .didSetStream { _ = await watcher.delivery(of: log.cups) }
    }

    convenience init(_ kind: Watcher.Kind?) async {
        await self.init(key: kind?.key)
    }

    /// Changes `cups` `changes` times; after each, awaits the watcher's delivery of the new value
    /// (nobody watching: yields once). Returns the seconds from each change to its delivery; a
    /// change still undelivered after `patience` in all is left out.
    @discardableResult
    public func run(changes: Int, patience: Duration = .seconds(5)) async -> [Double] {
        let watcher = watcher
        guardTask = Task {
            try? await Task.sleep(for: patience)
            if !Task.isCancelled { watcher?.abandon() }
        }
        defer { guardTask?.cancel() }
        var latencies: [Double] = []
        let clock = ContinuousClock()
        let first = log.cups + 1
        for value in first..<(first + changes) {
            let changed = clock.now
            log.cups = value
            guard let watcher else {
                await Task.yield()
                continue
            }
            if let delivery = await watcher.delivery(of: value) {
                latencies.append(changed.duration(to: delivery.at).seconds)
            }
        }
        return latencies
    }

    public func stop() async {
        await watcher?.stop()
    }
}
