import LabBench
import LabCore
import Lessons

/// What creating and awaiting child work costs, per task: the loops the async-let lesson's
/// child-cost variant counts (`ChildTaskCost`), timed.
enum TaskPrimitivesSuite {
    static func suite() -> BenchmarkSuite {
        BenchmarkSuite(
            name: "tasks", kind: .primitive,
            summary: "create a task and await its value: Task {}, async let, a group child, a discarding-group child",
            reference: ChildTaskCost.Way.task.rawValue,
            variants: ChildTaskCost.Way.allCases.map { way in
                BenchmarkVariant(way.rawValue) { iterations in
                    BlackHole.consume(await ChildTaskCost.run(way, count: iterations))
                }
            })
    }
}
