import LabBench
import LabKit

/// What creating and awaiting child work costs, per task.
enum TaskPrimitivesSuite {
    @inline(never) static func one() async -> Int { 1 }

    static func suite() -> BenchmarkSuite {
        BenchmarkSuite(name: "tasks", kind: .primitive,
                       summary: "create a task and await its value: Task {}, async let, a group child, a discarding-group child",
                       reference: "Task {} + await", variants: [
            BenchmarkVariant("Task {} + await") { iterations in
                var sum = 0
                for _ in 0..<iterations { sum += await Task { await one() }.value }
                BlackHole.consume(sum)
            },
            BenchmarkVariant("async let") { iterations in
                var sum = 0
                for _ in 0..<iterations {
                    async let value = one()
                    sum += await value
                }
                BlackHole.consume(sum)
            },
            BenchmarkVariant("group child") { iterations in
                let sum = await withTaskGroup(of: Int.self) { group in
                    for _ in 0..<iterations { group.addTask { await one() } }
                    return await group.reduce(0, +)
                }
                BlackHole.consume(sum)
            },
            BenchmarkVariant("discarding-group child") { iterations in
                await withDiscardingTaskGroup { group in
                    for _ in 0..<iterations { group.addTask { BlackHole.consume(await one()) } }
                }
            },
        ])
    }
}
