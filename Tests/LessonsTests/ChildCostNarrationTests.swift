import Testing

@testable import LabCore
@testable import Lessons

/// Each sentence the child-cost variant can print, forced from figures.
struct ChildCostNarrationTests {
    typealias Cost = ChildCostNarration.Cost

    static func costs(
        task: Int?, asyncLet: Int?, group: Int? = 50_000, taskSeconds: Double = 0.012, letSeconds: Double = 0.005
    ) -> [ChildCostNarration.Way: Cost] {
        [
            .task: Cost(operations: 10_000, mallocs: task, bytes: task.map { $0 * 350 }, seconds: taskSeconds),
            .asyncLet: Cost(
                operations: 10_000, mallocs: asyncLet, bytes: asyncLet.map { $0 * 10 }, seconds: letSeconds),
            .groupChild: Cost(operations: 10_000, mallocs: group, bytes: nil, seconds: 0.02),
        ]
    }

    @Test func asyncLetInTheParentsAllocatorAndTaskOnTheHeap() {
        let sentence = ChildCostNarration.sentence(Self.costs(task: 40_000, asyncLet: 130), unavailable: nil)
        expectContains(sentence, "async let made 130 mallocs for 10,000 children, not one per child")
        expectContains(sentence, "Task {} made 4 mallocs per task (1400 bytes)")
        expectContains(sentence, "A group child made 5: a group cannot know")
        expectContains(sentence, "async let was also the faster: async let took 500 ns per child, Task {} 1.2 µs.")
        expectNotContains(sentence, "follows", "a cause the run does not measure")
    }

    @Test func aBoundTaskLocalIsNamedWhenItCostsAsyncLetAMalloc() {
        var costs = Self.costs(task: 40_000, asyncLet: 2)
        costs[.asyncLetWithTaskLocal] = Cost(operations: 10_000, mallocs: 10_002, bytes: 10_160_000, seconds: 0.006)
        expectContains(
            ChildCostNarration.sentence(costs, unavailable: nil),
            "async let made 1 per child (1016 bytes): each child keeps a link")
        costs[.asyncLetWithTaskLocal] = Cost(operations: 10_000, mallocs: 3, bytes: 0, seconds: 0.006)
        let unchanged = ChildCostNarration.sentence(costs, unavailable: nil)
        expectContains(unchanged, "With one task-local value bound in the parent, async let made none per child.")
        expectNotContains(unchanged, "link")
    }

    @Test func closeTimesAreNotCalledAConsequence() {
        let sentence = ChildCostNarration.sentence(
            Self.costs(task: 40_000, asyncLet: 0, letSeconds: 0.011), unavailable: nil)
        expectContains(sentence, "not one per child")
        expectContains(sentence, "The times were about the same")
        expectNotContains(sentence, "follows")
    }

    @Test func aSlowerAsyncLetWithFewerMallocsIsSaidToBeSlower() {
        let sentence = ChildCostNarration.sentence(
            Self.costs(task: 40_000, asyncLet: 0, taskSeconds: 0.012, letSeconds: 0.017), unavailable: nil)
        expectContains(sentence, "Yet async let was the slower: async let took 1.7 µs per child, Task {} 1.2 µs.")
        expect(!sentence.contains("follows") && !sentence.contains("faster:"))
    }

    @Test func aRuntimeWhereAsyncLetAllocatesIsReportedAsMeasured() {
        let sentence = ChildCostNarration.sentence(
            Self.costs(task: 40_000, asyncLet: 20_000, group: 3_000), unavailable: nil)
        expectContains(sentence, "async let made 2 mallocs per child and Task {} 4 on this runtime.")
        expectNotContains(sentence, "carved out")
        expectContains(sentence, "A group child made 0.3.")
        expectNotContains(sentence, "cannot know")
    }

    @Test func withoutCountsOnlyTheTimesAreStated() {
        let sentence = ChildCostNarration.sentence(
            Self.costs(task: nil, asyncLet: nil, group: nil),
            unavailable: "allocation counts are unavailable on Apple platforms")
        expect(
            sentence.hasPrefix("Allocations were not counted: allocation counts are unavailable on Apple platforms."))
        expectNotContains(sentence, "malloc")
    }
}
