import LabKit

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
        let times = "async let took \(asyncLet.secondsPerOperation.formattedAsDuration) per child, Task {} \(task.secondsPerOperation.formattedAsDuration)"
        guard unavailable == nil, let taskMallocs = task.mallocsPerOperation, let letMallocs = asyncLet.mallocsPerOperation else {
            return "Allocations were not counted: \(unavailable ?? "the counter gave no reading"). The times alone: \(times)."
        }
        let none = CountedRun.none, count = CountedRun.words
        var words: String
        if letMallocs < none && taskMallocs >= 1 - none {
            words = "async let made \((asyncLet.mallocs ?? 0).formatted()) mallocs for \(asyncLet.operations.formatted()) children, not one per child: "
                + "its child task was carved out of the parent task's own allocator, a stack of memory inside the task, "
                + "and given back when the binding's scope ended. Task {} made \(count(taskMallocs)) mallocs per task "
                + "(\(Int((task.bytesPerOperation ?? 0).rounded())) bytes): an unstructured task outlives any scope, so it lives on the heap."
        } else {
            words = "async let made \(count(letMallocs)) mallocs per child and Task {} \(count(taskMallocs)) on this runtime."
        }
        if let group = costs[.groupChild]?.mallocsPerOperation {
            words += group >= 1 - none
                ? " A group child made \(count(group)): a group cannot know how many children will be alive at once, so each is allocated like a Task {}."
                : " A group child made \(count(group))."
        }
        if letMallocs < none, let bound = costs[.asyncLetWithTaskLocal]?.mallocsPerOperation {
            words += bound >= 1 - none
                ? " With one task-local value bound in the parent, async let made \(count(bound)) per child (\(Int((costs[.asyncLetWithTaskLocal]?.bytesPerOperation ?? 0).rounded())) bytes): each child keeps a link to its parent's task-local values, and storing it takes the child a block from malloc."
                : " With one task-local value bound in the parent, async let made \(count(bound)) per child."
        }
        // "Follows" only for a clear gap: a few percent is within a run's noise.
        words += asyncLet.secondsPerOperation < 0.8 * task.secondsPerOperation
            ? " The time follows: \(times)."
            : " The times are closer than the counts: \(times). A malloc is a small part of starting and scheduling a task."
        return words
    }
}
