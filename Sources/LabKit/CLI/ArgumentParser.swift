/// One `--option` a command accepts.
public struct OptionSpec: Sendable, Equatable {
    public let name: String
    /// The placeholder of its value, e.g. "FILE"; nil for a flag without a value.
    public let valueName: String?
    public let help: String
    public let shortName: Character?

    public init(_ name: String, value valueName: String? = nil, short shortName: Character? = nil, help: String) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.shortName = shortName
    }

    public var takesValue: Bool { valueName != nil }

    /// "--scale X" or "-h, --help".
    public var synopsis: String {
        let long = "--\(name)" + (valueName.map { " \($0)" } ?? "")
        return shortName.map { "-\($0), \(long)" } ?? long
    }
}

/// What a command line said: the flags, option values and positional arguments.
public struct ParsedArguments: Sendable, Equatable {
    public var flags: Set<String> = []
    public var values: [String: [String]] = [:]
    public var positionals: [String] = []

    public func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The last value given for an option.
    public func value(_ option: String) -> String? { values[option]?.last }

    /// A number option, checked: nil when absent, a usage error when not a number in range.
    public func double(_ option: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let text = value(option) else { return nil }
        guard let number = Double(text), number.isFinite, range.contains(number) else {
            throw .invalidValue(option: option, value: text,
                                expected: "a number from \(range.lowerBound.formatted(significantDigits: 4)) to \(range.upperBound.formatted(significantDigits: 4))")
        }
        return number
    }

    public func unsignedInteger(_ option: String) throws(UsageError) -> UInt64? {
        guard let text = value(option) else { return nil }
        guard let number = UInt64(text) else {
            throw .invalidValue(option: option, value: text, expected: "a whole number ≥ 0")
        }
        return number
    }
}

/// A small parser for `--name value`, `--name=value`, flags, `-h` and `--`.
/// Written here because the lab has no dependencies; tested in `ArgumentParserTests`.
public struct ArgumentParser: Sendable {
    public let options: [OptionSpec]
    /// How many positional arguments are accepted.
    public let maximumPositionals: Int

    public init(options: [OptionSpec], maximumPositionals: Int = 0) {
        self.options = options
        self.maximumPositionals = maximumPositionals
    }

    public func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            // A negative number ("-2") is a value, not an option.
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" || Double(argument) != nil {
                guard parsed.positionals.count < maximumPositionals else { throw .unexpectedArgument(argument) }
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" { optionsEnded = true; continue }
            let (spec, inlineValue) = try lookUp(argument)
            if spec.takesValue {
                if let inlineValue {
                    parsed.values[spec.name, default: []].append(inlineValue)
                } else if index < arguments.count, !arguments[index].hasPrefix("--") {
                    parsed.values[spec.name, default: []].append(arguments[index])
                    index += 1
                } else {
                    throw .missingValue(option: spec.name)
                }
            } else {
                if inlineValue != nil { throw .unexpectedArgument(argument) }
                parsed.flags.insert(spec.name)
            }
        }
        return parsed
    }

    private func lookUp(_ argument: String) throws(UsageError) -> (OptionSpec, String?) {
        if !argument.hasPrefix("--") {
            let short = argument.dropFirst()
            if short.count == 1, let spec = options.first(where: { $0.shortName == short.first }) { return (spec, nil) }
            throw .unknownOption(argument, suggestion: nil)
        }
        let body = argument.dropFirst(2)
        let name: String
        var value: String?
        if let equals = body.firstIndex(of: "=") {
            name = String(body[..<equals])
            value = String(body[body.index(after: equals)...])
        } else {
            name = String(body)
        }
        guard let spec = options.first(where: { $0.name == name }) else {
            throw .unknownOption(argument, suggestion: Suggestion.closest(to: name, in: options.map(\.name)).map { "--\($0)" })
        }
        return (spec, value)
    }

    /// The options as help lines: "  --scale X     Run the sources' delays at scale X".
    public func optionHelp() -> String {
        let width = (options.map(\.synopsis.count).max() ?? 0) + 2
        return options.map { "  " + $0.synopsis.padded(to: width) + $0.help }.joined(separator: "\n")
    }
}
