/// A mistake in how a command was called: reported in one line, exit status 2.
public enum UsageError: Error, Equatable, CustomStringConvertible {
    case unknownOption(String, suggestion: String?)
    case missingValue(option: String)
    case invalidValue(option: String, value: String, expected: String)
    case unexpectedArgument(String)
    case missingArgument(String)
    case unknownName(kind: String, name: String, suggestion: String?)
    case repeated(option: String)
    case conflicting(String, String)
    case onlyWith(option: String, command: String)
    /// An option refused beside a command word (`inventory add … --json`): no "--command" to name.
    case notWithCommand(option: String, command: String)

    public var description: String {
        switch self {
        case .unknownOption(let option, let suggestion):
            "unknown option '\(option)'" + Self.didYouMean(suggestion)
        case .missingValue(let option):
            "option '--\(option)' needs a value"
        case .invalidValue(let option, let value, let expected):
            "invalid value '\(value)' for '--\(option)': expected \(expected)"
        case .unexpectedArgument(let argument):
            "unexpected argument '\(argument)'"
        case .missingArgument(let what):
            "missing \(what)"
        case .unknownName(let kind, let name, let suggestion):
            "unknown \(kind) '\(name)'" + Self.didYouMean(suggestion)
        case .repeated(let option):
            "option '--\(option)' was given twice; give it once"
        case .conflicting(let first, let second):
            "'--\(first)' and '--\(second)' cannot be used together"
        case .onlyWith(let option, let command):
            "'--\(option)' only goes with \(command)"
        case .notWithCommand(let option, let command):
            "'--\(option)' cannot be used with the '\(command)' command"
        }
    }

    private static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The exit status for usage mistakes, as BSD's sysexits and most CLIs use.
    public static let exitCode: Int32 = 2
}
