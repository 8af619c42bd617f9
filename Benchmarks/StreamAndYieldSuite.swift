import LabBench
import LabCore

/// An AsyncStream element end to end, Task.yield(), and reading Task.isCancelled.
enum StreamAndYieldSuite {
    static func suite() -> BenchmarkSuite {
        BenchmarkSuite(
            name: "streams, yield, isCancelled", kind: .primitive,
            summary: "one AsyncStream element from producer task to consumer; Task.yield(); Task.isCancelled",
            reference: "AsyncStream element",
            variants: [
                BenchmarkVariant("AsyncStream element") { iterations in
                    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
                    let producer = Task {
                        for element in 0..<iterations { continuation.yield(element) }
                        continuation.finish()
                    }
                    var sum = 0
                    for await element in stream { sum &+= element }
                    await producer.value
                    BlackHole.consume(sum)
                },
                BenchmarkVariant("Task.yield()") { iterations in
                    for _ in 0..<iterations { await Task.yield() }
                },
                BenchmarkVariant("Task.isCancelled") { iterations in
                    var cancelled = 0
                    for _ in 0..<iterations where Task.isCancelled { cancelled += 1 }
                    BlackHole.consume(cancelled)
                },
            ])
    }
}
