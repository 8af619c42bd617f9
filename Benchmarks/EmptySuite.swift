import LabBench
import LabCore

/// The harness itself: a variant that does nothing. Its time per operation is
/// the harness's overhead, spread over the sample's iterations; it should be ≈ 0.
enum EmptySuite {
    static func suite() -> BenchmarkSuite {
        BenchmarkSuite(
            name: "harness overhead", kind: .primitive,
            summary: "an empty operation: what the harness adds per operation",
            reference: "empty",
            variants: [
                BenchmarkVariant("empty") { iterations in BlackHole.consume(iterations) }
            ])
    }
}
