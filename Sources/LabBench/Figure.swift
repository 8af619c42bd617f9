import Foundation
import LabCore

/// A figure a variant measures itself beside the harness's own (frames dropped, lost updates,
/// the worst frame): its name in words, its value, what it counts, and which way is better. A
/// report formats it by its unit and a conclusion can say which variant did best by it.
public struct Figure: Sendable, Codable, Equatable {
    public enum Unit: String, Sendable, Codable, CaseIterable {
        /// Things counted: frames dropped, updates lost, processes failed.
        case count
        /// A duration, in seconds.
        case seconds
        /// A size, in bytes.
        case bytes
        /// A proportion (0.25 is a quarter).
        case ratio
    }

    public enum Better: String, Sendable, Codable {
        case lower, higher
    }

    /// In words, as reports print it: "frames dropped", "worst frame".
    public var name: String
    public var value: Double
    public var unit: Unit
    /// Which way is better; nil where neither is (a count that only describes the run).
    public var better: Better?

    public init(_ name: String, _ value: Double, unit: Unit = .count, better: Better? = nil) {
        self.name = name
        self.value = value
        self.unit = unit
        self.better = better
    }

    /// A count, fewer better unless said otherwise: `.count("frames dropped", 3)`.
    public static func count(_ name: String, _ value: Int, better: Better? = .lower) -> Figure {
        Figure(name, Double(value), unit: .count, better: better)
    }

    /// A duration, shorter better unless said otherwise.
    public static func seconds(_ name: String, _ value: Double, better: Better? = .lower) -> Figure {
        Figure(name, value, unit: .seconds, better: better)
    }

    /// The same figure with another value (a median of the samples' values).
    func with(value: Double) -> Figure { Figure(name, value, unit: unit, better: better) }

    /// The value in its unit: "3", "16.7 ms", "1.5 KiB", "25%".
    public var formattedValue: String {
        switch unit {
        case .count: value.formatted(significantDigits: 3)
        case .seconds: value.formattedAsDuration
        case .bytes:
            value < 1024
                ? "\(value.formatted(significantDigits: 3)) B"
                : value < 1_048_576
                    ? "\((value / 1024).formatted(significantDigits: 3)) KiB"
                    : "\((value / 1_048_576).formatted(significantDigits: 3)) MiB"
        case .ratio: "\((value * 100).formatted(significantDigits: 3))%"
        }
    }

    /// A figure from a results file written before figures were typed (schema 3 and older),
    /// whose extras were numbers by key: "worst_frame_seconds" was a duration, anything else a
    /// count; which way was better was not recorded.
    static func legacy(key: String, value: Double) -> Figure {
        Figure(
            key.replacingOccurrences(of: "_seconds", with: "").replacingOccurrences(of: "_", with: " "), value,
            unit: key.hasSuffix("_seconds") ? .seconds : .count)
    }
}
