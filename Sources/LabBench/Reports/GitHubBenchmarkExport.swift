import Foundation
import LabCore

/// `github-benchmark.json`: the "customSmallerIsBetter" input of github-action-benchmark
/// (benchmark-action/github-action-benchmark): an array of entries `{name, unit, value,
/// range?, extra?}`, smaller better. One entry per variant for its median time, and one per
/// counted metric (mallocs, executor switches per operation), so the action's own alert
/// threshold can watch counts too.
public enum GitHubBenchmarkExport {
    public struct Entry: Codable, Equatable {
        public let name: String
        public let unit: String
        public let value: Double
        public let range: String?
        public let extra: String?
    }

    public static func entries(_ report: BenchmarkReport) -> [Entry] {
        report.suites.flatMap { suite in
            suite.variants.flatMap { variant -> [Entry] in
                let name = "\(suite.name) / \(variant.name)"
                // Primitives in ns per operation, patterns in ms per run: the units people read.
                let (unit, scale) = suite.kind == .primitive ? ("ns/op", 1e9) : ("ms/run", 1e3)
                let summary = variant.summary
                var entries = [
                    Entry(
                        name: name, unit: unit, value: summary.median * scale,
                        range:
                            "± \(((summary.medianHigh - summary.medianLow) / 2 * scale).formatted(significantDigits: 3))",
                        extra:
                            "median of \(summary.count) samples; 95% interval \((summary.medianLow * scale).formatted(significantDigits: 4))–\((summary.medianHigh * scale).formatted(significantDigits: 4)) \(unit)"
                    )
                ]
                if let mallocs = variant.allocationsPerOperation?.mallocs {
                    entries.append(
                        Entry(name: "\(name) — mallocs", unit: "mallocs/op", value: mallocs, range: nil, extra: nil))
                }
                if let hops = variant.hopsPerOperation {
                    entries.append(
                        Entry(
                            name: "\(name) — executor switches", unit: "switches/op", value: hops, range: nil,
                            extra: nil))
                }
                if let retains = variant.retainsPerOperation?.retains {
                    entries.append(
                        Entry(name: "\(name) — retains", unit: "retains/op", value: retains, range: nil, extra: nil))
                }
                return entries
            }
        }
    }

    public static func render(_ report: BenchmarkReport) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(entries(report)), as: UTF8.self)
    }
}
