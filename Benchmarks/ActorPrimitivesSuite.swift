import LabBench
import LabCore
import Lessons

/// An actor call, alone and under contention, and a hop to the main actor and back.
///
/// The uncontended call is timed three ways. "uncontended" creates its actor inside the timed
/// closure; "actor passed in" calls an actor that existed before, through a function the
/// optimizer cannot see into, as code holding an actor in a property does. In both, a loop of
/// calls from the pool may run entirely on the actor (the optimizer moves the hop out of the
/// loop: measured, about 0 executor switches per call in a release build). "from another
/// actor" is what an app's actors calling each other pay: into the callee and back, each call
/// (2 switches counted per call). The report's switches per operation say which one hopped.
enum ActorPrimitivesSuite {
    /// Made once, before any timing: the actor a caller's code already holds.
    static let existing = ActorCounter()
    static let existingCaller = HoppingCaller()
    static let existingCallee = HoppingCallee()

    /// A call site the optimizer cannot specialise for the actor it is given.
    @inline(never)
    static func callPassedIn(_ counter: ActorCounter, times: Int) async {
        for _ in 0..<times { await counter.increment() }
    }

    static func suite() -> BenchmarkSuite {
        BenchmarkSuite(
            name: "actor calls", kind: .primitive,
            summary:
                "await an actor method: uncontended from the pool (actor created inside the loop, or passed in), from another actor (hopping in and back each call, as actors calling each other in your code do), contended by 2 tasks, and a MainActor.run round trip",
            reference: "actor call, uncontended",
            variants: [
                BenchmarkVariant("actor call, uncontended") { iterations in
                    let counter = ActorCounter()
                    for _ in 0..<iterations { await counter.increment() }
                    BlackHole.consume(await counter.value)
                },
                BenchmarkVariant("actor call, actor passed in") { iterations in
                    await callPassedIn(existing, times: iterations)
                },
                BenchmarkVariant("actor call from another actor") { iterations in
                    await existingCaller.call(existingCallee, times: iterations)
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
