import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// What each way of watching costs per change: the time from the change to its delivery,
/// and the allocations it adds.
enum CostVariant {
    static let changes = 100
    /// How long one watcher's run may wait for deliveries in all, before the rest count as not delivered.
    static let patience: Duration = .seconds(5)

    struct Cost: Sendable, Equatable {
        /// nil: nobody watching (the model's own cost).
        let kind: Watcher.Kind?
        let delivered: Int
        let medianLatency: Double?
        let run: CountedRun

        var name: String { kind?.rawValue ?? "nobody watching" }
        var key: String { kind?.key ?? "unwatched" }
        var mallocsPerChange: Double? { run.mallocsPerOperation }
    }

    /// One watcher's run, counted: the round trips of `ObservationRoundTrip`, inside `CountedRun`.
    @MainActor
    static func measure(_ kind: Watcher.Kind?) async -> Cost {
        let trip = await ObservationRoundTrip(kind)
        var latencies: [Double] = []
        let run = await CountedRun.measure(operations: changes) {
            latencies = await trip.run(changes: changes, patience: patience)
            return latencies.count
        }
        await trip.stop()
        latencies.sort()
        return Cost(
            kind: kind, delivered: kind == nil ? 0 : latencies.count,
            medianLatency: latencies.isEmpty ? nil : latencies[latencies.count / 2], run: run)
    }

    static let variant = LessonVariant("cost", title: "Latency and allocations per change") { context in
        let console = context.console
        console.paragraph(
            """
            The same model, one watcher at a time: cups changes \(changes) times, and after each \
            change the main actor awaits the watcher's delivery of the new value (one continuation \
            per change, the same for every watcher). We note the time from the change to the \
            delivery and count the allocations of the whole run, and of the same changes with \
            nobody watching.
            """)
        var costs: [Cost] = []
        for kind in [nil] + Watcher.Kind.allCases.map(Optional.some)
        where kind != .observations || Watcher.observationsAvailable {
            let name = kind?.rawValue ?? "nobody watching"
            costs.append(await context.probe.span("\(changes) changes: \(name)", kind: .step) { await measure(kind) })
        }
        var table = Table(
            headers: ["watcher", "delivered", "median latency", "mallocs per change"], rightAligned: [1, 2, 3])
        for cost in costs {
            table.append([
                cost.name, cost.kind == nil ? "—" : "\(cost.delivered) of \(changes)",
                cost.medianLatency?.formattedAsDuration ?? "—",
                cost.mallocsPerChange.map { $0.formatted(significantDigits: 3) } ?? "–",
            ])
            if let latency = cost.medianLatency {
                context.record(
                    "\(cost.key)_latency", "\(cost.name): median time from a change to its delivery", seconds: latency)
            }
            if let mallocs = cost.mallocsPerChange {
                context.recordInTable(
                    Figure(
                        key: "\(cost.key)_mallocs_per_change", label: "\(cost.name): mallocs per change", value: 0,
                        unit: .text, text: mallocs.formatted(significantDigits: 3)))
            }
            if cost.kind != nil {
                context.recordInTable(
                    Figure(
                        key: "\(cost.key)_delivered", label: "\(cost.name): changes delivered",
                        value: Double(cost.delivered), unit: .count))
            }
        }
        console.table(table)
        for sentence in CostNarration.sentences(costs, changes: changes) { console.paragraph(sentence) }
    }
}

/// The sentences, chosen from the measured costs (tested for each outcome).
enum CostNarration {
    static func sentences(_ costs: [CostVariant.Cost], changes: Int) -> [String] {
        let watched = costs.filter { $0.kind != nil }
        var lines: [String] = []
        if let fastest = watched.filter({ $0.medianLatency != nil }).min(by: { $0.medianLatency! < $1.medianLatency! }),
            let latency = fastest.medianLatency
        {
            lines.append(
                "The quickest to deliver was \(fastest.name): a median of \(latency.formattedAsDuration) from the change to the new value in hand."
            )
        }
        if let polling = watched.first(where: { $0.kind == .polling }), let latency = polling.medianLatency {
            lines.append(
                "Polling's median was \(latency.formattedAsDuration): a change waits for the next look, and the loop also wakes when nothing changed."
            )
        }
        let missed = watched.filter { $0.delivered < changes }
        if !missed.isEmpty {
            lines.append(
                missed.map { "\($0.name) delivered \($0.delivered) of \(changes) changes" }.joined(separator: "; ")
                    + ": the rest waited longer than the patience of this run, or were coalesced into a later one.")
        }
        let counted = costs.compactMap { cost in cost.mallocsPerChange.map { (cost, $0) } }
        if counted.count == costs.count, let unwatched = counted.first(where: { $0.0.kind == nil }),
            let cheapest = counted.filter({ $0.0.kind != nil }).min(by: { $0.1 < $1.1 }),
            let dearest = counted.filter({ $0.0.kind != nil }).max(by: { $0.1 < $1.1 })
        {
            lines.append(
                "Allocations: the changes alone made \(CountedRun.words(unwatched.1)) mallocs per change; with a watcher, the fewest were \(cheapest.0.name)'s (\(CountedRun.words(cheapest.1))) and the most \(dearest.0.name)'s (\(CountedRun.words(dearest.1))), each delivery's bookkeeping included."
            )
        } else {
            lines.append(
                AllocationCounter.unavailableReason.map { "Allocations are not counted here: \($0)." }
                    ?? "Allocations were not counted for every watcher on this run.")
        }
        return lines
    }
}
