import LabCore

/// A measured number a lesson reports, with its unit: what `--json` carries and tests read.
public struct Figure: Sendable, Codable, Equatable {
    public enum Unit: String, Sendable, Codable {
        case seconds, count, ratio, bytes, text
        /// Yes or no; the value is 1 or 0 (in JSON too), shown as a word.
        case flag
    }
    public let key: String
    public let label: String
    public let value: Double
    public let unit: Unit
    /// For `text` figures, the value in words.
    public let text: String?
    /// False for figures a variant shows in its own table: the story's "Measured" list
    /// leaves them out, `--json` carries them all. Nil (absent) means listed.
    public var listed: Bool?

    public init(key: String, label: String, value: Double, unit: Unit, text: String? = nil) {
        self.key = key
        self.label = label
        self.value = value
        self.unit = unit
        self.text = text
    }

    public var formattedValue: String {
        switch unit {
        case .seconds: value.formattedAsDuration
        case .count: "\(Int(value))"
        case .ratio: value.formattedAsRatio
        case .bytes: "\(Int(value)) B"
        case .text: text ?? ""
        case .flag: value != 0 ? "yes" : "no"
        }
    }
}
