import Foundation
import LabCore

/// The child-cost variant's words, chosen from its counts: a pure function, tested for each outcome.
public enum ChildCostNarration {
    public enum Way: Hashable, Sendable {
        case task, asyncLet, groupChild, discardingChild
        /// async let again, with a task-local value bound in the parent.
        case asyncLetWithTaskLocal

        init(_ way: ChildTaskCost.Way) {
            switch way {
            case .task: self = .task
            case .asyncLet: self = .asyncLet
            case .groupChild: self = .groupChild
            case .discardingChild: self = .discardingChild
            }
        }

        var key: String {
            switch self {
            case .task: "task"
            case .asyncLet: "async_let"
            case .groupChild: "group_child"
            case .discardingChild: "discarding_child"
            case .asyncLetWithTaskLocal: "async_let_task_local"
            }
        }
    }

    public typealias Cost = CountedRun

    public static func sentence(_ costs: [Way: Cost], unavailable: String?) -> String {
        guard let task = costs[.task], let asyncLet = costs[.asyncLet] else { return "" }
        let times =
            "async let took \(asyncLet.secondsPerOperation.formattedAsDuration) per child, Task {} \(task.secondsPerOperation.formattedAsDuration)"
        guard unavailable == nil, let taskMallocs = task.mallocsPerOperation,
            let letMallocs = asyncLet.mallocsPerOperation
        else {
            return
                "Allocations were not counted: \(unavailable ?? "the counter gave no reading"). The times alone: \(times)."
        }
        let none = CountedRun.none
        let count = CountedRun.words
        var words: String
        if letMallocs < none && taskMallocs >= 1 - none {
            words =
                "async let made \((asyncLet.mallocs ?? 0).formatted()) mallocs for \(asyncLet.operations.formatted()) children, not one per child: "
                + "its child task was carved out of the parent task's own allocator, a stack of memory inside the task, "
                + "and given back when the binding's scope ended. Task {} made \(count(taskMallocs)) mallocs per task "
                + "(\(Int((task.bytesPerOperation ?? 0).rounded())) bytes): an unstructured task outlives any scope, so it lives on the heap."
        } else {
            words =
                "async let made \(count(letMallocs)) mallocs per child and Task {} \(count(taskMallocs)) on this runtime."
        }
        if let group = costs[.groupChild]?.mallocsPerOperation {
            words +=
                group >= 1 - none
                ? " A group child made \(count(group)): a group cannot know how many children will be alive at once, so each is allocated like a Task {}."
                : " A group child made \(count(group))."
        }
        if letMallocs < none, let bound = costs[.asyncLetWithTaskLocal]?.mallocsPerOperation {
            words +=
                bound >= 1 - none
                ? " With one task-local value bound in the parent, async let made \(count(bound)) per child (\(Int((costs[.asyncLetWithTaskLocal]?.bytesPerOperation ?? 0).rounded())) bytes): each child keeps a link to its parent's task-local values, and storing it takes the child a block from malloc."
                : " With one task-local value bound in the parent, async let made \(count(bound)) per child."
        }
        return words + " " + timeSentence(asyncLet: asyncLet, task: task, times: times)
    }

    /// Only the order of the two times, as measured. The run counts mallocs and times loops; it
    /// does not measure what the time is spent on, so it never says the time follows the counts
    /// (measured: async let, with no malloc, was the slower one in some runs).
    static func timeSentence(asyncLet: Cost, task: Cost, times: String) -> String {
        let ratio = asyncLet.secondsPerOperation / max(task.secondsPerOperation, 1e-12)
        // Within a fifth either way is within a run's noise on these machines.
        if ratio < 0.8 { return "async let was also the faster: \(times)." }
        if ratio > 1.25 { return "Yet async let was the slower: \(times). Fewer mallocs did not make it faster." }
        return "The times were about the same: \(times). The counts did not decide the times."
    }
}
