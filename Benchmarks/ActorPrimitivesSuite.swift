import LabBench
import LabKit
import Lessons

/// An actor call, alone and under contention, and a hop to the main actor and back.
///
/// The uncontended call is timed twice. "uncontended" creates its actor inside the timed
/// closure, where the optimizer sees a fresh actor no one else can reach and may skip the
/// executor switch; "actor passed in" calls an actor that existed before, through a function
/// the optimizer cannot see into — as your code does, where an actor is a stored property or
/// a parameter. The executor switches counted per call say which one hopped.
enum ActorPrimitivesSuite {
    /// Made once, before any timing: the actor a caller's code already holds.
    static let existing = ActorCounter()

    /// A call site the optimizer cannot specialise for the actor it is given.
    @inline(never)
    static func callPassedIn(_ counter: ActorCounter, times: Int) async {
        for _ in 0..<times { await counter.increment() }
    }

    static func suite() -> BenchmarkSuite {
        BenchmarkSuite(
            name: "actor calls", kind: .primitive,
            summary:
                "await an actor method from outside it: uncontended (actor created inside the timed loop, or passed in as in your code), contended by 2 tasks, and a MainActor.run round trip",
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
