import Foundation
import Testing

@testable import LabBench
@testable import LabBenchmarks
@testable import LabTrace

/// Every suite `lab bench` offers runs each of its variants, and its timelines trace.
@Suite("Benchmark catalog", .serialized, .timeLimit(.minutes(2)))
struct CatalogTests {
    @Test func everySuiteHasAUniqueNameAndItsReference() {
        let suites = BenchmarkCatalog.all()
        expectEqual(Set(suites.map(\.name)).count, suites.count)
        expectAtLeast(suites.count, 15)
        expect(suites.contains { $0.kind == .primitive } && suites.contains { $0.kind == .pattern })
    }

    @Test(arguments: BenchmarkCatalog.all().map(\.name))
    func everyVariantRuns(suiteName: String) async throws {
        let suite = try unwrap(BenchmarkCatalog.all().first { $0.name == suiteName })
        for variant in suite.variants {
            await variant.run(1)
            if let traced = variant.traced {
                let probe = Probe()
                await traced(probe)
                expect(!probe.spans.isEmpty, "\(variant.name) traced nothing")
            }
        }
    }
}
