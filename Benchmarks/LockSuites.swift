import Foundation
import LabBench
import LabCore
import Lessons

/// Incrementing a shared integer: Mutex, NSLock, Atomic, actor; alone and contended.
/// The counters are the actors lesson's own.
enum LockSuites {
    /// The four counters, each behind the same "increment n times from t tasks" shape.
    static func variants(tasks: Int) -> [BenchmarkVariant] {
        @Sendable func fanOut(_ iterations: Int, _ body: @escaping @Sendable (Int) async -> Void) async {
            let each = max(1, iterations / tasks)
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<tasks { group.addTask { await body(each) } }
            }
        }
        return [
            BenchmarkVariant("Mutex") { iterations in
                let box = MutexCounter()
                await fanOut(iterations) { n in for _ in 0..<n { box.increment() } }
            },
            BenchmarkVariant("NSLock") { iterations in
                let counter = Locked(0)  // LabCore's Locked is an NSLock around the value
                await fanOut(iterations) { n in for _ in 0..<n { counter.withLock { $0 += 1 } } }
            },
            BenchmarkVariant("Atomic") { iterations in
                let box = AtomicCounter()
                await fanOut(iterations) { n in for _ in 0..<n { box.increment() } }
            },
            BenchmarkVariant("actor") { iterations in
                let counter = ActorCounter()
                await fanOut(iterations) { n in for _ in 0..<n { await counter.increment() } }
            },
        ]
    }

    static func uncontended() -> BenchmarkSuite {
        BenchmarkSuite(
            name: "increment, uncontended", kind: .primitive,
            summary: "one task increments a shared counter: Mutex, NSLock, Atomic, actor",
            reference: "Mutex", variants: variants(tasks: 1))
    }

    static func contended() -> BenchmarkSuite {
        BenchmarkSuite(
            name: "increment, contended", kind: .primitive,
            summary: "two tasks increment one counter at once: Mutex, NSLock, Atomic, actor",
            reference: "Mutex",
            scan: Scan(parameter: "tasks", defaults: [1, 2, 4, 8]) { tasks, _ in
                BenchmarkSuite(
                    name: "increment, contended", kind: .primitive,
                    summary: "\(tasks) task\(tasks == 1 ? "" : "s") increment one counter at once", reference: "Mutex",
                    variants: variants(tasks: tasks))
            },
            variants: variants(tasks: 2))
    }
}
