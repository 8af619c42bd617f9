import Foundation
import LabCore

/// `jmh.json`: results in the shape JMH writes with `-rf json`, which JMH's visualizers and CI
/// plugins read: one object per variant with `benchmark` ("suite.variant"), `mode` ("avgt":
/// average time per operation), the run's shape, and `primaryMetric` {score, scoreError,
/// scoreConfidence, scorePercentiles, scoreUnit, rawData}; counted figures go in
/// `secondaryMetrics` (JMH's allocation profiler names its own "·gc.alloc.rate.norm").
///
/// Mapped honestly: `score` is the median (JMH's is the mean: the lab reports medians), and
/// `scoreError`/`scoreConfidence` are the median's 95% interval; `rawData` is one fork per
/// worker process holding its samples' times per operation.
public enum JMHExport {
    /// The percentiles JMH writes, as its keys spell them.
    static let percentiles: [(key: String, q: Double)] = [
        ("0.0", 0), ("50.0", 0.5), ("90.0", 0.9), ("95.0", 0.95), ("99.0", 0.99), ("99.9", 0.999),
        ("99.99", 0.9999), ("99.999", 0.99999), ("99.9999", 0.999999), ("100.0", 1),
    ]

    public static func render(_ report: BenchmarkReport) throws -> String {
        let results = report.suites.flatMap { suite in
            suite.variants.map { variant in benchmark(suite, variant, report) }
        }
        let data = try JSONSerialization.data(withJSONObject: results, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    static func benchmark(_ suite: SuiteResult, _ variant: VariantResult, _ report: BenchmarkReport) -> [String: Any] {
        let scale = 1e9  // ns/op
        let times = variant.samples.map { $0.secondsPerOperation * scale }
        let sorted = times.sorted()
        var percentileTable: [String: Double] = [:]
        for (key, q) in percentiles { percentileTable[key] = Statistics.quantile(sorted, q) }
        let processes = Set(variant.samples.compactMap(\.process)).sorted()
        let forks: [[Double]] =
            processes.isEmpty
            ? [times]
            : processes.map { process in
                variant.samples.filter { $0.process == process }.map { $0.secondsPerOperation * scale }
            }
        var secondary: [String: Any] = [:]
        if let rates = variant.allocationsPerOperation {
            secondary["·lab.mallocs.norm"] = metric(rates.mallocs, unit: "mallocs/op")
            secondary["·gc.alloc.rate.norm"] = metric(rates.bytes, unit: "B/op")
        }
        if let hops = variant.hopsPerOperation {
            secondary["·lab.executor.switches.norm"] = metric(hops, unit: "switches/op")
        }
        if let enqueues = variant.enqueuesPerOperation {
            secondary["·lab.pool.enqueues.norm"] = metric(enqueues, unit: "enqueues/op")
        }
        if let rates = variant.retainsPerOperation {
            secondary["·lab.retains.norm"] = metric(rates.retains, unit: "retains/op")
            secondary["·lab.releases.norm"] = metric(rates.releases, unit: "releases/op")
        }
        return [
            "jmhVersion": "concurrency-lab (\(BenchmarkReport.schema))",
            "benchmark": "\(suite.name).\(variant.name)",
            "mode": "avgt",
            "threads": 1,
            "forks": max(1, processes.count),
            "jvm": "swift \(report.environment.machine.swiftVersion)",
            "jvmArgs": [String](),
            "jdkVersion": report.environment.machine.swiftVersion,
            "vmName": "Swift",
            "vmVersion": report.environment.machine.swiftVersion,
            "warmupIterations": 2,
            "warmupTime": "2 runs",
            "warmupBatchSize": 1,
            "measurementIterations": variant.samples.count,
            "measurementTime": "\(report.plan.budgetSeconds) s budget per suite",
            "measurementBatchSize": variant.samples.first?.iterations ?? 1,
            "primaryMetric": [
                "score": variant.summary.median * scale,
                "scoreError": (variant.summary.medianHigh - variant.summary.medianLow) / 2 * scale,
                "scoreConfidence": [variant.summary.medianLow * scale, variant.summary.medianHigh * scale],
                "scorePercentiles": percentileTable,
                "scoreUnit": "ns/op",
                "rawData": forks,
            ] as [String: Any],
            "secondaryMetrics": secondary,
        ]
    }

    static func metric(_ value: Double, unit: String) -> [String: Any] {
        [
            "score": value, "scoreError": 0.0, "scoreConfidence": [value, value],
            "scorePercentiles": Dictionary(uniqueKeysWithValues: percentiles.map { ($0.key, value) }),
            "scoreUnit": unit, "rawData": [[value]],
        ]
    }
}
