import Foundation
import LabCore

/// Every sample, one row each, for analysis elsewhere (R, pandas, a spreadsheet).
public enum CSVReport {
    public static let columns = [
        "suite", "kind", "variant", "sample", "iterations", "wall_seconds", "seconds_per_operation",
        "cpu_seconds", "parallelism", "voluntary_switches", "involuntary_switches", "peak_memory_bytes", "threads",
        "process",
        "probe_nanoseconds", "mallocs", "frees", "allocated_bytes", "executor_switches", "pool_enqueues", "retains",
        "releases", "figures",
    ]

    public static func render(_ report: BenchmarkReport) -> String {
        var rows: [String] = [columns.joined(separator: ",")]
        for suite in report.suites {
            for variant in suite.variants {
                for (index, sample) in variant.samples.enumerated() {
                    let identity: [String] = [
                        quote(suite.name), suite.kind.rawValue, quote(variant.name), String(index + 1),
                    ]
                    let fields: [String] = identity + measured(sample) + counts(sample) + [figures(sample)]
                    rows.append(fields.joined(separator: ","))
                }
            }
        }
        return rows.joined(separator: "\n") + "\n"
    }

    // The row is built from typed pieces: as one expression of `+`, `??` and untyped closures it
    // took about a second to type-check in a debug build.

    /// From `iterations` to `probe_nanoseconds`; an empty field where the sample has no reading.
    static func measured(_ sample: Sample) -> [String] {
        let times: [String] = [
            "\(sample.iterations)", "\(sample.wallSeconds)", "\(sample.secondsPerOperation)",
            "\(sample.cpuSeconds)", "\(sample.parallelism)",
        ]
        let machine: [String] = [
            "\(sample.voluntarySwitches)", "\(sample.involuntarySwitches)", "\(sample.peakMemoryBytes)",
            sample.threads.map { (threads: Int) -> String in String(threads) } ?? "",
            sample.process.map { (process: Int) -> String in String(process) } ?? "",
            sample.probeNanoseconds.map { (nanoseconds: Double) -> String in "\(nanoseconds)" } ?? "",
        ]
        return times + machine
    }

    /// Mallocs, frees, bytes, executor switches, pool enqueues, retains, releases: empty where not counted.
    static func counts(_ sample: Sample) -> [String] {
        let allocations: [String] =
            sample.allocations.map { (counts: AllocationCounts) -> [String] in
                ["\(counts.mallocs)", "\(counts.frees)", "\(counts.bytes)"]
            } ?? ["", "", ""]
        let hops: [String] =
            sample.hops.map { (counts: HopCounts) -> [String] in ["\(counts.switches)", "\(counts.enqueues)"] }
            ?? ["", ""]
        let retains: [String] =
            sample.retains.map { (counts: RetainCounts) -> [String] in ["\(counts.retains)", "\(counts.releases)"] }
            ?? ["", ""]
        return allocations + hops + retains
    }

    /// "frames dropped=2;worst frame=0.05": each figure by name, in its base unit, quoted as one field.
    static func figures(_ sample: Sample) -> String {
        let named: [String] = sample.figures.map { (figure: Figure) -> String in "\(figure.name)=\(figure.value)" }
        return quote(named.joined(separator: ";"))
    }

    /// A scan's curves, one row per variant and value (`scan.csv`, beside the samples).
    public static func renderScans(_ report: BenchmarkReport) -> String { ScanReport.csv(report.scans ?? []) }

    /// RFC 4180: quote fields that contain a comma, a quote or a line break.
    static func quote(_ field: String) -> String {
        guard field.contains(where: { ",\"\n".contains($0) }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
