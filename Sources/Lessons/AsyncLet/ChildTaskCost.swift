import LabCore

/// The four ways to start a child of work and await its value, each as a loop of `count`:
/// what the async-let lesson's child-cost variant counts and times, and what `lab bench
/// tasks` times (one implementation for both).
public enum ChildTaskCost {
    public enum Way: String, CaseIterable, Sendable {
        case task = "Task {} + await"
        case asyncLet = "async let"
        case groupChild = "group child"
        case discardingChild = "discarding-group child"
    }

    @inline(never) static func one() async -> Int { 1 }

    /// A task-local value, bound by `counted(_:count:taskLocalBound:)` on request.
    @TaskLocal static var requestID: Int?

    /// Runs `run(way, count:)` in a detached task, so no task-local value of the caller's is
    /// inherited (a bound one costs async let a malloc per child; Swift Testing binds some),
    /// optionally with one of its own bound; returns what it allocated and how long it took.
    public static func counted(_ way: Way, count: Int, taskLocalBound: Bool = false) async -> CountedRun {
        await Task.detached {
            @Sendable func measure() async -> CountedRun {
                await CountedRun.measure(operations: count) { await run(way, count: count) }
            }
            return taskLocalBound ? await $requestID.withValue(42) { await measure() } : await measure()
        }.value
    }

    /// Starts `count` children the given way, one after another, awaiting each (or, in a
    /// group, all at the end); returns the sum of their values so none is optimized away.
    public static func run(_ way: Way, count: Int) async -> Int {
        switch way {
        case .task:
            var sum = 0
            for _ in 0..<count { sum += await Task { await one() }.value }
            return sum
        case .asyncLet:
            var sum = 0
            for _ in 0..<count {
                async let value = one()
                sum += await value
            }
            return sum
        case .groupChild:
            // One child at a time, awaited before the next, like the other ways: the cost of
            // a child, not of a queue of thousands (whose bookkeeping depends on how fast the
            // threads drain it, so its allocations would change from run to run).
            return await withTaskGroup(of: Int.self) { group in
                var sum = 0
                for _ in 0..<count {
                    group.addTask { await one() }
                    sum += await group.next() ?? 0
                }
                return sum
            }
        case .discardingChild:
            // Its children return nothing (each value goes to the black hole; the sum is the
            // count of children). A group per child, whose scope awaits it: a discarding group
            // cannot await one child, and thousands queued at once would measure the queue.
            for _ in 0..<count {
                await withDiscardingTaskGroup { group in group.addTask { BlackHole.consume(await one()) } }
            }
            return count
        }
    }
}
