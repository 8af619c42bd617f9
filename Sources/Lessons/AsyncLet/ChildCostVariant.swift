import Foundation
import LabConsole
import LabCore
import LessonKit

/// What one child costs, counted: the allocations and the time of 10,000 children started
/// each of four ways (`ChildTaskCost`, the loops `lab bench tasks` times).
enum ChildCostVariant {
    static let children = 10_000

    static let variant = LessonVariant("child-cost", title: "What a child task costs: allocations and time, counted") {
        context in
        let console = context.console
        console.paragraph(
            """
            Every child task needs memory for its state. Where it comes from is the difference \
            between the ways to start one. We start \(children.formatted()) children each way, one \
            after another, each loop in a task of its own with no task-local values (then async let \
            once more with one bound), and count the process's mallocs around each loop with the lab's \
            allocation counter (the same one `lab bench` reports as allocs/op).
            """)
        // Warm up: first use allocates once.
        for way in ChildTaskCost.Way.allCases { _ = await ChildTaskCost.counted(way, count: 100) }
        var measured: [ChildCostNarration.Way: CountedRun] = [:]
        var table = Table(headers: ["way", "mallocs", "per child", "bytes per child", "time per child"])
        let rows = ChildTaskCost.Way.allCases.map { ($0, false) } + [(.asyncLet, true)]
        for (way, bound) in rows {
            let cost = await ChildTaskCost.counted(way, count: children, taskLocalBound: bound)
            let row = bound ? .asyncLetWithTaskLocal : ChildCostNarration.Way(way)
            measured[row] = cost
            let name = bound ? "async let, a task-local bound" : way.rawValue
            context.recordInTable(
                Figure(
                    key: "\(row.key)_mallocs", label: "\(name): mallocs for \(children) children",
                    value: Double(cost.mallocs ?? -1), unit: .count))
            context.recordInTable(
                Figure(
                    key: "\(row.key)_bytes", label: "\(name): bytes requested", value: Double(cost.bytes ?? -1),
                    unit: .bytes))
            context.recordInTable(
                Figure(
                    key: "\(row.key)_seconds_per_child", label: "\(name): time per child",
                    value: cost.secondsPerOperation, unit: .seconds))
            table.append([name] + cost.cells)
        }
        console.table(table)
        console.paragraph(ChildCostNarration.sentence(measured, unavailable: AllocationCounter.unavailableReason))
    }
}
