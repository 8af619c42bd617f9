import Foundation

@testable import LabBench
@testable import LabCore

/// A pattern suite whose variants only record, in `calls`, that they ran: for tests of the
/// order and number of samples a schedule takes.
func recordingSuite(_ name: String, _ variants: [String], into calls: Locked<[String]>) -> BenchmarkSuite {
    BenchmarkSuite(
        name: name, kind: .pattern, summary: "", reference: variants[0],
        variants: variants.map { variant in
            BenchmarkVariant(variant) { _ in calls.withLock { $0.append(variant) } }
        })
}
