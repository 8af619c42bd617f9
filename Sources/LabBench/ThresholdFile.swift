import Foundation
import LabFiles

/// Thresholds that override the ones declared in code, read from `--thresholds FILE`:
///
///     { "schema": "concurrency-lab.bench-thresholds/1",
///       "thresholds": [
///         { "suite": "tasks", "metric": "mallocs", "absolute": 0 },
///         { "suite": "tasks", "variant": "Task {}", "metric": "time", "percent": 10 },
///         { "suite": "*", "metric": "hops", "absolute": 0.5, "percent": 5 } ] }
///
/// `suite` "*" applies to every suite not named in the file; `variant` absent: every variant;
/// `percent` and `absolute` absent: 0. A file that does not read as this is refused whole.
public struct ThresholdFile: Sendable, Codable, Equatable {
    public static let schema = "concurrency-lab.bench-thresholds/1"

    public struct Entry: Sendable, Codable, Equatable {
        public var suite: String
        public var variant: String?
        public var metric: Threshold.Metric
        public var percent: Double?
        public var absolute: Double?

        public var threshold: Threshold {
            Threshold(metric, variant: variant, percent: percent ?? 0, absolute: absolute ?? 0)
        }
    }

    public var schema: String
    public var thresholds: [Entry]

    /// Reads and checks the file; a bad one is one clear error (BenchError.badThresholds).
    public static func load(_ path: String) throws -> ThresholdFile {
        let data: Data
        switch RegularFile.read(URL(fileURLWithPath: path), atMost: 16 << 20) {
        case .success(let read): data = read
        case .failure(.cannotOpen(let code)):
            throw BenchError.badThresholds(path, reason: "it cannot be read (\(FileErrorWords.errno(code)))")
        case .failure(.tooLarge): throw BenchError.badThresholds(path, reason: "it is over 16 MB")
        case .failure: throw BenchError.badThresholds(path, reason: "it is not a regular file")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) else {
            throw BenchError.badThresholds(path, reason: "it is not JSON (or holds a number too large to read)")
        }
        // A key the file does not know is a typo that would change what applies: `"varient"` made an
        // entry for one variant every variant's (an audit). Refused, by name.
        let known: Set<String> = ["suite", "variant", "metric", "percent", "absolute"]
        if let entries = (object as? [String: Any])?["thresholds"] as? [[String: Any]] {
            for (index, entry) in entries.enumerated() {
                if let unknown = entry.keys.sorted().first(where: { !known.contains($0) }) {
                    throw BenchError.badThresholds(
                        path,
                        reason:
                            "entry \(index + 1) has the key '\(unknown)', which is none of \(known.sorted().joined(separator: ", "))"
                    )
                }
            }
        }
        if let top = (object as? [String: Any])?.keys.sorted().first(where: { !["schema", "thresholds"].contains($0) })
        {
            throw BenchError.badThresholds(
                path, reason: "it has the key '\(top)', which is neither schema nor thresholds")
        }
        let file: ThresholdFile
        do {
            file = try JSONDecoder().decode(ThresholdFile.self, from: data)
        } catch {
            throw BenchError.badThresholds(
                path,
                reason:
                    "expected {\"schema\": \"\(schema)\", \"thresholds\": [{\"suite\", \"metric\": \(Threshold.Metric.allCases.map(\.rawValue).joined(separator: "|")), \"variant\"?, \"percent\"?, \"absolute\"?}]}"
            )
        }
        guard file.schema == schema else {
            throw BenchError.badThresholds(path, reason: "its schema is '\(file.schema)', expected '\(schema)'")
        }
        if let bad = file.thresholds.first(where: {
            ($0.percent ?? 0) < 0 || ($0.absolute ?? 0) < 0 || !($0.percent ?? 0).isFinite
                || !($0.absolute ?? 0).isFinite
        }) {
            throw BenchError.badThresholds(
                path, reason: "the \(bad.metric.rawValue) threshold of '\(bad.suite)' is negative or not a number")
        }
        // Two entries for the same suite, variant and metric: which one applies would be the file's
        // order, silently.
        var seen: Set<String> = []
        for entry in file.thresholds {
            let key = "\(entry.suite)\u{1F}\(entry.variant ?? "*")\u{1F}\(entry.metric.rawValue)"
            guard seen.insert(key).inserted else {
                throw BenchError.badThresholds(
                    path,
                    reason:
                        "it gives the \(entry.metric.rawValue) threshold of '\(entry.suite)'\(entry.variant.map { " › \($0)" } ?? "") twice"
                )
            }
        }
        return file
    }
}
