/// Parses a command line against its `CommandSpec`: `--name value`, `--name=value`,
/// flags, short flags (`-h`), `--` (everything after is positional). Every value is
/// converted and checked here, so a command reads typed values or gets a usage error.
/// Written here because the lab has no dependencies; tested in `ArgumentParserTests`.
struct ArgumentParser {
    let spec: CommandSpec

    init(_ spec: CommandSpec) { self.spec = spec }

    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments(spec: spec)
        var index = 0
        var optionsEnded = false
        let maximum = spec.positionals?.maximum ?? 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            // A negative number ("-2") is a value, not an option.
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" || Double(argument) != nil {
                guard parsed.positionals.count < maximum else { throw .unexpectedArgument(argument) }
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let (option, inlineValue) = try lookUp(argument)
            if parsed.values[option.name] != nil, !option.repeatable {
                throw .repeated(option: option.name)
            }
            if !option.takesValue {
                if let inlineValue { throw .unexpectedArgument("--\(option.name)=\(inlineValue)") }
                parsed.values[option.name, default: []].append(.flag)
                continue
            }
            let text: String
            if let inlineValue {
                text = inlineValue
            } else if index < arguments.count, !arguments[index].hasPrefix("--") {
                text = arguments[index]
                index += 1
            } else {
                throw .missingValue(option: option.name)
            }
            parsed.values[option.name, default: []].append(try option.convert(text))
        }
        // Asking for help needs no arguments: `lab grade --help` shows help, not "missing PATH".
        let wantsHelp = parsed.values["help"] != nil && spec.options.contains { $0.name == "help" }
        if !wantsHelp, let positionals = spec.positionals, parsed.positionals.count < positionals.minimum {
            throw .missingArgument("\(positionals.name): \(positionals.help)")
        }
        return parsed
    }

    private func lookUp(_ argument: String) throws(UsageError) -> (OptionSpec, String?) {
        if !argument.hasPrefix("--") {
            let short = argument.dropFirst()
            if short.count == 1, let option = spec.options.first(where: { $0.shortName == short.first }) {
                return (option, nil)
            }
            throw .unknownOption(argument, suggestion: nil)
        }
        let body = argument.dropFirst(2)
        var name = String(body)
        var value: String?
        if let equals = body.firstIndex(of: "=") {
            name = String(body[..<equals])
            value = String(body[body.index(after: equals)...])
        }
        guard let option = spec.options.first(where: { $0.name == name }) else {
            let visible = spec.options.filter { !$0.hidden }.map(\.name)
            throw .unknownOption(argument, suggestion: Suggestion.closest(to: name, in: visible).map { "--\($0)" })
        }
        return (option, value)
    }
}
