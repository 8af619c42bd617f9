import LabBench
import LabCore
import Lessons

/// An actor call, alone and under contention, and a hop to the main actor and back.
enum ActorPrimitivesSuite {
    static func suite() -> BenchmarkSuite {
        BenchmarkSuite(
            name: "actor calls", kind: .primitive,
            summary:
                "await an actor method from outside it: uncontended, contended by 2 tasks, and a MainActor.run round trip",
            reference: "actor call, uncontended",
            variants: [
                BenchmarkVariant("actor call, uncontended") { iterations in
                    let counter = ActorCounter()
                    for _ in 0..<iterations { await counter.increment() }
                    BlackHole.consume(await counter.value)
                },
                BenchmarkVariant("actor call, 2 tasks contending") { iterations in
                    let counter = ActorCounter()
                    await withTaskGroup(of: Void.self) { group in
                        for _ in 0..<2 {
                            group.addTask { for _ in 0..<max(1, iterations / 2) { await counter.increment() } }
                        }
                    }
                    BlackHole.consume(await counter.value)
                },
                BenchmarkVariant("MainActor.run round trip") { iterations in
                    var sum = 0
                    for _ in 0..<iterations { sum += await MainActor.run { 1 } }
                    BlackHole.consume(sum)
                },
            ])
    }
}
