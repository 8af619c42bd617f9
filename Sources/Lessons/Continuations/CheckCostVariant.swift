import Foundation
import LabConsole
import LabCore
import LessonKit

/// What the checking in a checked continuation costs: counted and timed against an unsafe one.
enum CheckCostVariant {
    static let uses = 10_000

    static let variant = LessonVariant(
        "check-cost", title: "What the check costs: a checked continuation against an unsafe one, counted"
    ) { context in
        let console = context.console
        console.paragraph(
            """
            The messages in resume-once come from the checked continuation: it notices a lost or a \
            second resume. An unsafe continuation notices nothing. We suspend and resume \
            \(uses.formatted()) times each way, counting the process's mallocs with the lab's \
            allocation counter and timing each loop.
            """)
        _ = await ContinuationCost.run(checked: true, count: 100)  // warm up
        _ = await ContinuationCost.run(checked: false, count: 100)
        var costs: [Bool: CountedRun] = [:]
        var table = Table(headers: ["continuation", "mallocs", "per use", "bytes per use", "time per use"])
        for checked in [true, false] {
            let cost = await CountedRun.measure(operations: uses) {
                await ContinuationCost.run(checked: checked, count: uses)
            }
            costs[checked] = cost
            let key = checked ? "checked" : "unsafe"
            context.recordInTable(
                Figure(
                    key: "\(key)_mallocs", label: "\(key) continuation: mallocs for \(uses) uses",
                    value: Double(cost.mallocs ?? -1), unit: .count))
            context.recordInTable(
                Figure(
                    key: "\(key)_seconds_per_use", label: "\(key) continuation: time per use",
                    value: cost.secondsPerOperation, unit: .seconds))
            table.append([checked ? "checked" : "unsafe"] + cost.cells)
        }
        console.table(table)
        if let checked = costs[true], let unsafe = costs[false] {
            context.recordInTable(
                Figure(
                    key: "checked_time_ratio", label: "checked ÷ unsafe, time per use",
                    value: checked.secondsPerOperation / max(unsafe.secondsPerOperation, 1e-12), unit: .ratio))
            console.paragraph(
                CheckCostNarration.sentence(
                    checked: checked, unsafe: unsafe, unavailable: AllocationCounter.unavailableReason))
        }
    }
}

/// The check-cost variant's words, chosen from its counts: a pure function, tested for each outcome.
public enum CheckCostNarration {
    public typealias Cost = CountedRun

    /// Closer than this, either way round, two times per use are "close".
    static let closeWithin = 1.2

    /// "1 malloc per use", "2 mallocs per use", "no malloc per use".
    static func perUse(_ mallocs: Double) -> String {
        let words = CountedRun.words(mallocs)
        return words == "none" ? "no malloc per use" : "\(words) malloc\(words == "1" ? "" : "s") per use"
    }

    public static func sentence(checked: Cost, unsafe: Cost, unavailable: String?) -> String {
        let ratio = checked.secondsPerOperation / max(unsafe.secondsPerOperation, 1e-12)
        let (checkedTime, unsafeTime) = (
            checked.secondsPerOperation.formattedAsDuration, unsafe.secondsPerOperation.formattedAsDuration
        )
        // Symmetric: "close" only when neither is `closeWithin` times the other, whichever is slower.
        let times =
            if ratio >= closeWithin {
                "It took \(checkedTime) a use against \(unsafeTime) unsafe (\(ratio.formattedAsRatio)): next to a callback that waits on I/O, either is nothing — keep the check."
            } else if ratio <= 1 / closeWithin {
                "The unsafe one was the slower on this run: \(unsafeTime) a use against \(checkedTime) checked. Skipping the check saved no time here; what the check costs was smaller than how much this run's timings varied — keep the check."
            } else {
                "The times were close on this run: \(checkedTime) checked, \(unsafeTime) unsafe — keep the check."
            }
        guard unavailable == nil, let checkedMallocs = checked.mallocsPerOperation,
            let unsafeMallocs = unsafe.mallocsPerOperation
        else {
            return "Allocations were not counted: \(unavailable ?? "the counter gave no reading"). " + times
        }
        let none = CountedRun.none
        let count = CountedRun.words
        // One malloc a use is the watching object; two or more, or a fraction (1.2: something else
        // some uses), would be something else, said in the general sentence below.
        if count(checkedMallocs) == "1" && unsafeMallocs < none {
            return
                "A checked continuation made 1 malloc per use (\(Int((checked.bytesPerOperation ?? 0).rounded())) bytes): "
                + "the small object that watches the rule, and reports a continuation destroyed without a resume. "
                + "The unsafe one made \((unsafe.mallocs ?? 0).formatted()) for \(unsafe.operations.formatted()) uses, not one per use. "
                + times
        }
        return
            "A checked continuation made \(perUse(checkedMallocs)) and an unsafe one \(count(unsafeMallocs)) on this runtime. "
            + times
    }
}
