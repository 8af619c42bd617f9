import Foundation
import LabConsole

/// A command's whole interface, declared once: its name, what it does, its positional
/// arguments and options. Usage, help, parsing and validation come from it, so the
/// usage a user reads is the grammar the parser accepts (`CommandSpecTests` walks them all).
public struct CommandSpec: Sendable {
    /// The arguments that are not options: "FILTER…", "EXERCISE", "PATH…".
    public struct Positionals: Sendable, Equatable {
        public let name: String
        public let minimum: Int
        public let maximum: Int
        public let help: String

        public init(_ name: String, minimum: Int = 0, maximum: Int = 1, help: String) {
            self.name = name
            self.minimum = minimum
            self.maximum = maximum
            self.help = help
        }

        /// Given after `--` ("-- COMMAND"): shown after the options in the usage line.
        public var followsDoubleDash: Bool { name.hasPrefix("-- ") }

        public var usageItem: String {
            let many = maximum > 1 ? "…" : ""
            return minimum > 0 ? "\(name)\(many)" : "[\(name)\(many)]"
        }
    }

    /// "lab bench", "sync-vs-async".
    public let name: String
    public let summary: String
    public let positionals: Positionals?
    public let options: [OptionSpec]
    /// Paragraphs after the options in --help (exit statuses, examples).
    public let details: String?

    public init(
        _ name: String, summary: String, positionals: Positionals? = nil, options: [OptionSpec], details: String? = nil
    ) {
        self.name = name
        self.summary = summary
        self.positionals = positionals
        self.options = options
        self.details = details
        precondition(Set(options.map(\.name)).count == options.count, "\(name) declares an option twice")
    }

    /// "usage: lab bench [FILTER…] [--quick] [--samples N] …", wrapped under its own indent.
    /// Positionals after a `--` ("-- COMMAND…") come last: the options must come before the
    /// `--`, since everything after it is the command's own.
    public var usage: String { usage(width: 100) }

    /// The usage line wrapped at `width` columns.
    public func usage(width: Int) -> String {
        let options = options.filter { !$0.hidden }.map(\.usageItem)
        let positional = [positionals?.usageItem].compactMap { $0 }
        let items = (positionals?.followsDoubleDash ?? false) ? options + positional : positional + options
        var lines: [String] = []
        var line = "usage: \(name)"
        let indent = String(repeating: " ", count: "usage: \(name) ".count)
        for item in items {
            if line.count + 1 + item.count > width, line.count > indent.count {
                lines.append(line)
                line = indent + item
            } else {
                line += (line.hasSuffix(" ") ? "" : " ") + item
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// Where a usage error points for the help: "lab bench --help".
    public var helpPointer: String { "\(name) --help" }

    /// The options as aligned help lines, with what each accepts, each description wrapped at
    /// `width` columns under its own start (as argument-parser lays them out).
    public func optionHelp(width: Int = 100) -> String {
        let shown = options.filter { !$0.hidden }
        let column = (shown.map(\.synopsis.count).max() ?? 0) + 2
        return shown.map { option in
            var help = option.help
            switch option.value {
            case .choice(_, let words), .choiceList(_, let words):
                if !help.contains(words[0]) { help += " (\(words.joined(separator: ", ")))" }
            default: break
            }
            return help.wrapped(to: width, after: "  " + option.synopsis.padded(to: column))
        }.joined(separator: "\n")
    }

    /// `details` as written where it fits `width`; a paragraph of plain lines (none indented)
    /// with one too long is reflowed and wrapped whole, and a longer indented line (an example, a
    /// list item) is wrapped under its own leading spaces.
    static func fitted(_ details: String, width: Int) -> String {
        details.components(separatedBy: "\n\n").map { paragraph in
            let lines = paragraph.split(separator: "\n", omittingEmptySubsequences: false)
            guard lines.contains(where: { $0.count > width }) else { return paragraph }
            if !lines.contains(where: { $0.hasPrefix(" ") }) {
                return lines.joined(separator: " ").wrapped(to: width)
            }
            return lines.map { line in
                guard line.count > width else { return String(line) }
                let indent = String(line.prefix { $0 == " " })
                return String(line.dropFirst(indent.count)).wrapped(to: width, indent: indent)
            }.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// The full --help text.
    /// `width`: the terminal's columns (`Terminal.width`); lines are wrapped to it.
    public func help(width: Int = 100) -> String {
        var parts = [Self.fitted(summary, width: width), usage(width: width)]
        if let positionals {
            parts.append(positionals.help.wrapped(to: width, after: "  \(positionals.usageItem)  "))
        }
        parts.append("Options:\n" + optionHelp(width: width))
        if let details { parts.append(Self.fitted(details, width: width)) }
        return parts.joined(separator: "\n\n")
    }

    public func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        try ArgumentParser(self).parse(arguments)
    }
}
