import Foundation
import LabCore

/// One `--option` a command accepts, declared once: its name, the type and range of its
/// value, and its help. Parsing, validation, usage lines and help are generated from it.
public struct OptionSpec: Sendable, Equatable {
    /// What follows the option on the command line.
    public enum Value: Sendable, Equatable {
        /// No value: present or not.
        case flag
        /// Any text, shown as `placeholder` ("FILE").
        case text(String)
        /// A whole number in a range.
        case integer(String, ClosedRange<Int>)
        /// A finite number in a range.
        case number(String, ClosedRange<Double>)
        /// One of a fixed set of words.
        case choice(String, [String])
        /// Several of a fixed set of words, comma-separated ("md,json").
        case choiceList(String, [String])

        var placeholder: String? {
            switch self {
            case .flag: nil
            case .text(let name), .integer(let name, _), .number(let name, _), .choice(let name, _),
                .choiceList(let name, _):
                name
            }
        }
    }

    public let name: String
    public let value: Value
    public let shortName: Character?
    public let help: String
    /// May be given more than once (each value kept); otherwise a second one is an error.
    public let repeatable: Bool
    /// Used by the lab itself (a worker process), left out of usage and help.
    public let hidden: Bool

    public init(
        _ name: String, _ value: Value = .flag, short shortName: Character? = nil,
        repeatable: Bool = false, hidden: Bool = false, help: String
    ) {
        self.name = name
        self.value = value
        self.shortName = shortName
        self.help = help
        self.repeatable = repeatable
        self.hidden = hidden
    }

    public var takesValue: Bool { value != .flag }

    /// "--scale X" or "-h, --help".
    public var synopsis: String {
        let long = "--\(name)" + (value.placeholder.map { " \($0)" } ?? "")
        return shortName.map { "-\($0), \(long)" } ?? long
    }

    /// The option as its command's usage line shows it: "[--scale X]", "[--variant NAME]…".
    var usageItem: String { "[--\(name)\(value.placeholder.map { " \($0)" } ?? "")]" + (repeatable ? "…" : "") }

    /// Converts one value given on the command line, or says what was expected.
    func convert(_ text: String) throws(UsageError) -> ParsedArguments.Value {
        switch value {
        case .flag:
            throw .unexpectedArgument("--\(name)=\(text)")
        case .text:
            guard !text.isEmpty else { throw .missingValue(option: name) }
            return .text(text)
        case .integer(_, let range):
            guard let number = Int(text), range.contains(number) else {
                // Digits past what an Int holds are a whole number, too large: said so (an audit).
                let digits = text.drop { $0 == "-" || $0 == "+" }
                let tooLarge = Int(text) == nil && !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
                let expected =
                    range.upperBound == .max
                    ? (tooLarge
                        ? "a whole number from \(range.lowerBound) to \(Int.max)"
                        : "a whole number ≥ \(range.lowerBound)")
                    : "a whole number from \(range.lowerBound) to \(range.upperBound)"
                throw .invalidValue(option: name, value: text, expected: expected)
            }
            return .integer(number)
        case .number(_, let range):
            guard let number = Double(text), number.isFinite, range.contains(number) else {
                throw .invalidValue(
                    option: name, value: text,
                    expected:
                        "a number from \(range.lowerBound.formatted(significantDigits: 4)) to \(range.upperBound.formatted(significantDigits: 4))"
                )
            }
            return .number(number)
        case .choice(_, let words):
            guard words.contains(text) else { throw invalidChoice(text, words) }
            return .text(text)
        case .choiceList(_, let words):
            // Every item once and none empty: "md,,json" and "none,none" are typos, not choices.
            let chosen = text.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }
            guard !chosen.contains(where: \.isEmpty) else {
                throw .invalidValue(
                    option: name, value: text,
                    expected: "comma-separated items, none empty, from: " + words.joined(separator: ", "))
            }
            for word in chosen where !words.contains(word) { throw invalidChoice(word, words) }
            if let repeated = chosen.first(where: { word in chosen.filter { $0 == word }.count > 1 }) {
                throw .invalidValue(
                    option: name, value: text, expected: "each item once ('\(repeated)' is given twice)")
            }
            return .list(chosen)
        }
    }

    private func invalidChoice(_ text: String, _ words: [String]) -> UsageError {
        let suggestion = Suggestion.closest(to: text, in: words)
        return .invalidValue(
            option: name, value: text,
            expected: words.joined(separator: ", ") + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
    }
}
