/// What a command line said, already converted to the types its options declare.
/// Reading an option the command did not declare, or as another type, is a bug in the
/// lab, not the user's mistake, and stops the program at once (tests walk every command).
public struct ParsedArguments: Sendable {
    enum Value: Sendable, Equatable {
        case flag
        case text(String)
        case integer(Int)
        case number(Double)
        case list([String])
    }

    let spec: CommandSpec
    var values: [String: [Value]] = [:]
    public internal(set) var positionals: [String] = []

    init(spec: CommandSpec) { self.spec = spec }

    public func flag(_ name: String) -> Bool {
        declared(name, .flag)
        return values[name] != nil
    }

    /// A text or choice option's value (the last one, for a repeatable option).
    public func text(_ name: String) -> String? { texts(name).last }

    /// Every value of a repeatable text or choice option, in order.
    public func texts(_ name: String) -> [String] {
        declared(name, .text(""))
        return (values[name] ?? []).compactMap { if case .text(let text) = $0 { text } else { nil } }
    }

    public func integer(_ name: String) -> Int? {
        declared(name, .integer("", 0...0))
        if case .integer(let number)? = values[name]?.last { return number }
        return nil
    }

    public func number(_ name: String) -> Double? {
        declared(name, .number("", 0...0))
        if case .number(let number)? = values[name]?.last { return number }
        return nil
    }

    /// A comma-separated choice list's words.
    public func list(_ name: String) -> [String]? {
        declared(name, .choiceList("", []))
        if case .list(let words)? = values[name]?.last { return words }
        return nil
    }

    /// Whether the option appeared at all, whatever its type.
    public func isPresent(_ name: String) -> Bool {
        precondition(
            spec.options.contains { $0.name == name }, "\(spec.name) reads --\(name), which it does not declare")
        return values[name] != nil
    }

    private func declared(_ name: String, _ kind: OptionSpec.Value) {
        guard let option = spec.options.first(where: { $0.name == name }) else {
            preconditionFailure("\(spec.name) reads --\(name), which it does not declare")
        }
        precondition(option.value.sameKind(as: kind), "\(spec.name) reads --\(name) as another type than it declares")
    }
}

extension OptionSpec.Value {
    /// Same case, ignoring placeholders and ranges (a choice reads as text).
    func sameKind(as other: Self) -> Bool {
        switch (self, other) {
        case (.flag, .flag), (.integer, .integer), (.number, .number), (.choiceList, .choiceList): true
        case (.text, .text), (.choice, .text), (.text, .choice), (.choice, .choice): true
        default: false
        }
    }
}
