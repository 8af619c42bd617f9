import LabConsole
import LabCore
import LessonKit

/// What a mode's hops cost: the same trivial async call from the main actor, timed per mode.
enum HopCostVariant {
    static let calls = 2_000
    static let rounds = 5

    /// Closer than this, two costs are "no clear difference".
    static let sameCost = 1.5

    /// The least ratio of a leaving mode's cost to a staying one's, as the table prints them.
    static func leastRatio(perCall: [CompileMode: Double], leftMainActor: [CompileMode: Bool]) -> Double? {
        guard let slowLeaving = perCall.filter({ leftMainActor[$0.key] == true }).values.min(),
            let fastStaying = perCall.filter({ leftMainActor[$0.key] == false }).values.max()
        else { return nil }
        return slowLeaving.roundedAsPrinted / fastStaying.roundedAsPrinted
    }

    /// The sentence, from the per-call times and where the call ran in each mode.
    static func verdict(perCall: [CompileMode: Double], leftMainActor: [CompileMode: Bool]) -> String {
        let leaving = perCall.filter { leftMainActor[$0.key] == true }
        let staying = perCall.filter { leftMainActor[$0.key] == false }
        guard let slowLeaving = leaving.values.min(), let fastStaying = staying.values.max() else {
            return "The call ran in the same place in every mode; its cost is the call itself."
        }
        // From the times as the table prints them: a reader dividing them gets the same ratio.
        let ratio = slowLeaving.roundedAsPrinted / fastStaying.roundedAsPrinted
        let leavers = WhereCallsRunNarration.modeList(CompileMode.allCases.filter { leaving[$0] != nil })
        if ratio >= sameCost {
            return "Where the call left the main actor (\(leavers)) it cost at least \(ratio.formattedAsRatio) "
                + "the dearest mode that stayed: two hops per call, off the main actor and back. Staying is cheap; "
                + "leaving is worth it only for work that takes longer than the hops."
        }
        return
            "On this run a call that left the main actor (\(leavers)) cost \(slowLeaving.formattedAsDuration) at best, one "
            + "that stayed \(fastStaying.formattedAsDuration) at worst: no clear difference (under \(sameCost.formattedAsRatio))."
    }

    static let variant = LessonVariant("hop-cost", title: "What each mode's hops cost") { context in
        let console = context.console
        console.paragraph(
            """
            The model awaits service.ping(), which does nothing, \(calls) times in a row, in each mode; \
            \(rounds) rounds, modes interleaved, best round kept. What is left is the cost of where the call runs.
            """)
        var best: [CompileMode: Double] = [:]
        var left: [CompileMode: Bool] = [:]
        for _ in 0..<rounds {
            for compiled in CompiledMode.all {
                let seconds = await compiled.app.secondsPerServiceCall(calls)
                best[compiled.mode] = min(best[compiled.mode] ?? .infinity, seconds)
            }
        }
        for compiled in CompiledMode.all {
            let places = await compiled.app.placesOfCalls(working: 0)
            left[compiled.mode] = places.first { $0.call == .service }.map { $0.ranOn != .mainActor }
        }
        var table = Table(headers: ["mode", "ping() ran", "per call"], rightAligned: [2])
        for mode in CompileMode.allCases {
            guard let seconds = best[mode] else { continue }
            table.append([
                mode.title, left[mode] == true ? "off the main actor" : "on the main actor",
                seconds.formattedAsDuration,
            ])
            context.recordInTable(
                Figure(
                    key: "seconds_per_call.\(mode.rawValue)", label: "per call (\(mode.title))",
                    value: seconds, unit: .seconds))
        }
        console.table(table)
        if let ratio = leastRatio(perCall: best, leftMainActor: left) {
            context.recordInTable(
                Figure(key: "least_hop_ratio", label: "leaving ÷ staying, per call (least)", value: ratio, unit: .ratio)
            )
        }
        _ = context.stated(ratio: sameCost)
        console.paragraph(verdict(perCall: best, leftMainActor: left))
    }
}
