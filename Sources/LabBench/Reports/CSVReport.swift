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
        var rows = [columns.joined(separator: ",")]
        for suite in report.suites {
            for variant in suite.variants {
                for (index, sample) in variant.samples.enumerated() {
                    let counts: [String] =
                        (sample.allocations.map { ["\($0.mallocs)", "\($0.frees)", "\($0.bytes)"] } ?? ["", "", ""])
                        + (sample.hops.map { ["\($0.switches)", "\($0.enqueues)"] } ?? ["", ""])
                        + (sample.retains.map { ["\($0.retains)", "\($0.releases)"] } ?? ["", ""])
                    // "frames dropped=2;worst frame=0.05": each figure by name, in its base unit.
                    let extra: String = quote(
                        sample.figures.map { "\($0.name)=\($0.value)" }.joined(separator: ";"))
                    rows.append(
                        [
                            quote(suite.name), suite.kind.rawValue, quote(variant.name), "\(index + 1)",
                            "\(sample.iterations)",
                            "\(sample.wallSeconds)", "\(sample.secondsPerOperation)", "\(sample.cpuSeconds)",
                            "\(sample.parallelism)",
                            "\(sample.voluntarySwitches)", "\(sample.involuntarySwitches)", "\(sample.peakMemoryBytes)",
                            sample.threads.map(String.init) ?? "", sample.process.map(String.init) ?? "",
                            sample.probeNanoseconds.map { "\($0)" } ?? "",
                        ].joined(separator: ",") + "," + (counts + [extra]).joined(separator: ","))
                }
            }
        }
        return rows.joined(separator: "\n") + "\n"
    }

    /// A scan's curves, one row per variant and value (`scan.csv`, beside the samples).
    public static func renderScans(_ report: BenchmarkReport) -> String { ScanReport.csv(report.scans ?? []) }

    /// RFC 4180: quote fields that contain a comma, a quote or a line break.
    static func quote(_ field: String) -> String {
        guard field.contains(where: { ",\"\n".contains($0) }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
