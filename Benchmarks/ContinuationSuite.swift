import LabBench
import LabCore
import Lessons

/// Suspending through a continuation that is resumed at once: checked vs unsafe (the loops
/// the continuations lesson's check-cost variant counts: `ContinuationCost`).
enum ContinuationSuite {
    static func suite() -> BenchmarkSuite {
        BenchmarkSuite(
            name: "continuations", kind: .primitive,
            summary: "withChecked/UnsafeContinuation resumed immediately: the price of the check",
            reference: "checked continuation",
            variants: [
                BenchmarkVariant("checked continuation") { iterations in
                    BlackHole.consume(await ContinuationCost.run(checked: true, count: iterations))
                },
                BenchmarkVariant("unsafe continuation") { iterations in
                    BlackHole.consume(await ContinuationCost.run(checked: false, count: iterations))
                },
            ])
    }
}
