import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// Which changes each way of watching delivers, from where, and how late.
enum DeliveriesVariant {
    /// What one watcher did over the script.
    struct Seen: Sendable, Equatable {
        let kind: Watcher.Kind
        let values: [Int]
        let isolations: [Isolation]
        /// From the single drink's change to the first delivery of its value.
        let latency: Double?
        /// withObservationTracking: onChange calls, those from inside the change, and the value one read there.
        var onChangeCalls = 0
        var onChangeInside = 0
        var onChangeValue: Int?
        /// The value each onChange call read, in order (a call from outside the change reads none).
        var onChangeValues: [Int] = []
        /// Observations: where the closure that reads the model ran.
        var closureIsolation: Isolation?
    }

    static let milligrams = 95

    static let variant = LessonVariant(
        "deliveries", title: "Which changes each way delivers, and where"
    ) { context in
        let console = context.console
        console.paragraph(
            """
            Coffee Tracker's DrinkLog is @Observable, on the main actor. Four watchers follow its \
            cups at once: Observations (iterated from a task on no actor), withObservationTracking \
            re-registered after each change, an AsyncStream fed by cups' didSet, and a loop that \
            polls every \(context.stated(seconds: Watcher.pollInterval.seconds)). The script: three \
            drinks logged in one synchronous step (a sync from the watch), a pause, then one more drink.
            """)
        let log = DrinkLog()
        let watchers = Watcher.Kind.allCases
            .filter { $0 != .observations || Watcher.observationsAvailable }
            .map { Watcher($0, log: log) }
        for watcher in watchers { watcher.start() }
        // Each step waits for the watchers' deliveries, not for a time that a busy machine can
        // outlast (with 30 ms, an Observations watcher run late could miss the last drink).
        await awaitDeliveries(of: log.cups, from: watchers.filter { $0.kind != .didSetStream })
        context.probe.syncSpan("three drinks, one synchronous step", kind: .step) {
            log.changing {
                for _ in 0..<3 { log.add(milligrams: milligrams) }
            }
        }
        await awaitDeliveries(of: log.cups, from: watchers)
        let single = ContinuousClock.now
        context.probe.syncSpan("one drink", kind: .step) {
            log.changing { log.add(milligrams: milligrams) }
        }
        await awaitDeliveries(of: log.cups, from: watchers)
        for watcher in watchers { await watcher.stop() }

        var seen: [Seen] = []
        for watcher in watchers {
            let deliveries = watcher.deliveries
            var result = Seen(
                kind: watcher.kind, values: deliveries.map(\.value), isolations: deliveries.map(\.isolation),
                latency: deliveries.first { $0.value == 4 && $0.at >= single }.map {
                    single.duration(to: $0.at).seconds
                })
            if watcher.kind == .tracking {
                let calls = watcher.onChangeCalls
                result.onChangeCalls = calls.count
                result.onChangeInside = calls.filter(\.insideChange).count
                result.onChangeValue = calls.compactMap(\.valueSeen).first
                result.onChangeValues = calls.compactMap(\.valueSeen)
            }
            result.closureIsolation = watcher.observationsClosureIsolation
            seen.append(result)
        }
        var table = Table(
            headers: ["watcher", "values delivered", "handled on", "latency, one drink"], rightAligned: [3])
        for result in seen {
            table.append([
                result.kind.rawValue, result.values.map(String.init).joined(separator: ", "),
                Set(result.isolations.map(\.description)).sorted().joined(separator: ", "),
                result.latency?.formattedAsDuration ?? "—",
            ])
            context.record(
                "\(result.kind.key)_values", "\(result.kind.rawValue): values delivered",
                text: result.values.map(String.init).joined(separator: ", "))
            if let latency = result.latency {
                context.recordInTable(
                    Figure(
                        key: "\(result.kind.key)_latency",
                        label: "\(result.kind.rawValue): from the change to its delivery", value: latency,
                        unit: .seconds))
            }
        }
        console.table(table)
        if let tracking = seen.first(where: { $0.kind == .tracking }) {
            context.recordInTable(
                Figure(
                    key: "tracking_on_change_calls", label: "withObservationTracking: onChange calls",
                    value: Double(tracking.onChangeCalls), unit: .count))
            context.recordInTable(
                Figure(
                    key: "tracking_on_change_inside",
                    label: "withObservationTracking: onChange calls made inside the change",
                    value: Double(tracking.onChangeInside), unit: .count))
            context.recordInTable(
                Figure(
                    key: "tracking_on_change_value",
                    label: "withObservationTracking: cups read inside the first onChange", value: 0, unit: .text,
                    text: tracking.onChangeValue.map(String.init) ?? "none"))
            context.recordInTable(
                Figure(
                    key: "tracking_on_change_values",
                    label: "withObservationTracking: cups read inside each onChange", value: 0, unit: .text,
                    text: tracking.onChangeValues.isEmpty
                        ? "none" : tracking.onChangeValues.map(String.init).joined(separator: ", ")))
        }
        if let observations = seen.first(where: { $0.kind == .observations }) {
            context.recordInTable(
                Figure(
                    key: "observations_closure_isolation", label: "Observations: where its closure ran", value: 0,
                    unit: .text, text: observations.closureIsolation?.description ?? "never ran"))
            context.recordInTable(
                Figure(
                    key: "observations_loop_isolation", label: "Observations: where the loop's body ran", value: 0,
                    unit: .text, text: Set(observations.isolations.map(\.description)).sorted().joined(separator: ", "))
            )
        }
        if !Watcher.observationsAvailable {
            console.paragraph(ObservingStateLesson.needsSwift62Runtime)
        }
        for sentence in DeliveriesNarration.sentences(seen) { console.paragraph(sentence) }
    }
}

extension DeliveriesVariant {
    /// Waits until every watcher has delivered `value`, at most `patience` in all: each delivers
    /// on its own schedule (a task, a poll every 2 ms, a stream), which a busy machine runs late.
    /// A watcher still without it is then abandoned (every later wait for it ends at once), and
    /// the values it delivered say what it saw.
    @MainActor
    static func awaitDeliveries(of value: Int, from watchers: [Watcher], patience: Duration = .seconds(5)) async {
        let patienceEnds = Task { @MainActor in
            try? await Task.sleep(for: patience)
            if !Task.isCancelled { for watcher in watchers { watcher.abandon() } }
        }
        defer { patienceEnds.cancel() }
        for watcher in watchers { _ = await watcher.delivery(of: value) }
    }
}

/// The sentences, chosen from what each watcher delivered (tested for each outcome).
enum DeliveriesNarration {
    /// `pollInterval`: how often the polling watcher looks, in seconds (as the intro states it).
    static func sentences(
        _ seen: [DeliveriesVariant.Seen], pollInterval: Double = Watcher.pollInterval.seconds
    ) -> [String] {
        seen.map { result in
            let values = result.values.map(String.init).joined(separator: ", ")
            let coalesced = !result.values.contains(1) && !result.values.contains(2) && result.values.contains(3)
            var latency =
                result.latency.map { " It delivered the single drink \($0.formattedAsDuration) after the change." }
                ?? ""
            // A poll sees a change at its next look, an interval away at best; a sleep ends no sooner
            // than asked, so a later look is said as measured (measured: 5.57 ms with a 2 ms interval).
            if result.kind == .polling, let late = result.latency, late > pollInterval * 1.5 {
                latency =
                    " It delivered the single drink \(late.formattedAsDuration) after the change, more than one "
                    + "\(pollInterval.formattedAsDuration) interval: a sleep ends no sooner than asked, and later "
                    + "when the main actor or the CPU is busy."
            }
            switch result.kind {
            case .observations:
                let place =
                    result.closureIsolation.map {
                        "its closure ran on the \($0), the loop's body \(Set(result.isolations.map(\.description)).sorted().joined(separator: ", "))"
                    } ?? "its closure never ran"
                return
                    (coalesced
                    ? "Observations delivered \(values): the current value first, then one value per transaction. The three drinks of one synchronous step arrived as one change, 3; "
                    : "Observations delivered \(values); ") + place + "." + latency
            case .tracking:
                let inside = result.onChangeInside == result.onChangeCalls && result.onChangeCalls > 0
                // Each call's own reading (not the first one's for all): the old value when each
                // equals what the read before that change delivered.
                let read =
                    result.onChangeValues.isEmpty ? result.onChangeValue.map { [$0] } ?? [] : result.onChangeValues
                let readWords = read.map(String.init).joined(separator: ", then ")
                let allOld =
                    !read.isEmpty && read.count == result.onChangeCalls && zip(read, result.values).allSatisfy(==)
                let old =
                    read.isEmpty
                    ? ""
                    : allOld
                        ? ", and read cups = \(readWords) there: \(read.count == 1 ? "" : "each time ")the old value, because onChange runs as the change begins (willSet)"
                        : read.count == 1 && result.onChangeCalls > 1
                            ? ", and the first call read cups = \(readWords) there: the old value, because onChange runs as the change begins (willSet)"
                            : ", and read cups = \(readWords) there"
                return "withObservationTracking's onChange was called \(CountWords.of(result.onChangeCalls, "time")), "
                    + (inside
                        ? "\(result.onChangeCalls == 1 ? "" : "each time ")synchronously inside the change, on the changing code's actor\(old)."
                        : "not always from inside the change.")
                    + " It tells you that something will change, not what: the re-registered read delivered \(values)."
                    + latency
            case .didSetStream:
                return
                    (result.values.contains(1) && result.values.contains(2)
                    ? "The stream fed by didSet delivered every change, \(values): nothing coalesced, so a consumer redraws for states nobody needed to see, and the buffer grows while it is slow. It has no current value to start from."
                    : "The stream fed by didSet delivered \(values).") + latency
            case .polling:
                return
                    (coalesced
                    ? "Polling delivered \(values): what was there when it looked. It missed the intermediate states, as it should, but it wakes every interval whether anything changed or not, and a change is seen only at its next look."
                    : "Polling delivered \(values): it saw states in between on this run; what it sees depends on when it looks.")
                    + latency
            }
        }
    }
}
