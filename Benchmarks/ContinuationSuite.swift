import LabBench
import LabKit

/// Suspending through a continuation that is resumed at once: checked vs unsafe.
enum ContinuationSuite {
    static func suite() -> BenchmarkSuite {
        BenchmarkSuite(name: "continuations", kind: .primitive,
                       summary: "withChecked/UnsafeContinuation resumed immediately: the price of the check",
                       reference: "checked continuation", variants: [
            BenchmarkVariant("checked continuation") { iterations in
                var sum = 0
                for _ in 0..<iterations {
                    sum += await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in continuation.resume(returning: 1) }
                }
                BlackHole.consume(sum)
            },
            BenchmarkVariant("unsafe continuation") { iterations in
                var sum = 0
                for _ in 0..<iterations {
                    sum += await withUnsafeContinuation { (continuation: UnsafeContinuation<Int, Never>) in continuation.resume(returning: 1) }
                }
                BlackHole.consume(sum)
            },
        ])
    }
}
