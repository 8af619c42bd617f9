import Foundation
import Testing

@testable import LabBench
@testable import LabCommandLine
@testable import LabCore
@testable import LessonKit
@testable import Lessons
@testable import lab

/// Every command the lab has, walked option by option: what its usage and help say
/// is exactly what its parser accepts, and every declared value type is enforced.
@Suite("Every command's usage is what it accepts")
struct CommandSpecTests {
    static let specs: [CommandSpec] =
        LabSubcommand.allCases.map(\.spec)
        + [LessonOptions.spec(for: "sync-vs-async"), InventoryTool.spec]

    /// The fewest positionals the command needs.
    static func required(_ spec: CommandSpec) -> [String] {
        Array(repeating: "x", count: spec.positionals?.minimum ?? 0)
    }

    /// A value the option must accept, and one it must refuse (nil: any text is fine).
    static func samples(_ option: OptionSpec) -> (good: String?, bad: String?) {
        switch option.value {
        case .flag: (nil, nil)
        case .text: ("some-text", nil)
        case .integer(_, let range): ("\(range.lowerBound)", "\(range.lowerBound).5")
        case .number(_, let range): ("\(range.upperBound)", "not-a-number")
        case .choice(_, let words), .choiceList(_, let words): (words[0], "no-such-word")
        }
    }

    /// --help fits the terminal it is printed on (wrapped as argument-parser wraps it: a description
    /// under its own start), and wrapping loses no word of it.
    @Test(arguments: specs.indices)
    func helpIsWrappedToTheTerminalAndKeepsEveryWord(index: Int) {
        let spec = Self.specs[index]
        func words(_ text: String) -> [Substring] { text.split(whereSeparator: { $0 == " " || $0 == "\n" }) }
        let wide = spec.help(width: 400)
        for width in [60, 80, 100] {
            let help = spec.help(width: width)
            for line in help.split(separator: "\n") where line.count > width {
                // Only a word longer than the room left may stick out, alone after its indent.
                let words = line.split(separator: " ")
                expectEqual(words.count, 1, "\(spec.name) at \(width) columns: \(line)")
            }
            expectEqual(words(help), words(wide), "\(spec.name) at \(width) columns lost or changed a word")
        }
    }

    @Test(arguments: specs.indices)
    func everyDeclaredOptionParsesAndShowsInUsageAndHelp(index: Int) throws {
        let spec = Self.specs[index]
        let help = spec.help()
        for option in spec.options {
            let (good, bad) = Self.samples(option)
            let parsed = try spec.parse(Self.required(spec) + ["--\(option.name)"] + (good.map { [$0] } ?? []))
            expect(parsed.isPresent(option.name), "\(spec.name) --\(option.name)")
            if let bad {
                #expect(throws: UsageError.self, "\(spec.name) --\(option.name) \(bad)") {
                    try spec.parse(Self.required(spec) + ["--\(option.name)", bad])
                }
            }
            if option.takesValue {
                #expect(throws: UsageError.missingValue(option: option.name)) {
                    try spec.parse(Self.required(spec) + ["--\(option.name)"])
                }
            }
            guard !option.hidden else { continue }
            expectContains(spec.usage, "--\(option.name)", "\(spec.name)'s usage shows --\(option.name)")
            expect(help.contains(option.synopsis), "\(spec.name)'s help shows \(option.synopsis)")
        }
        #expect(throws: UsageError.self) { try spec.parse(Self.required(spec) + ["--no-such-option"]) }
    }

    @Test(arguments: specs.indices)
    func positionalsAreCountedAsTheUsageSays(index: Int) throws {
        let spec = Self.specs[index]
        let maximum = spec.positionals?.maximum ?? 0
        if maximum < 100 {
            #expect(throws: UsageError.self, "\(spec.name) takes at most \(maximum)") {
                try spec.parse(Array(repeating: "x", count: maximum + 1))
            }
        }
        if let positionals = spec.positionals {
            expectContains(spec.usage, positionals.usageItem)
            if positionals.minimum > 0 { #expect(throws: UsageError.self) { try spec.parse([]) } }
        }
    }

    @Test func everySubcommandIsListedByLabHelp() async throws {
        let result = try await ProcessRunner.run("lab", ["help"])
        for command in LabSubcommand.allCases {
            expectContains(result.standardOutput, "lab \(command.rawValue)", "\(command)")
        }
    }

    @Test func benchHelpIsTheGeneratedHelp() async throws {
        let result = try await ProcessRunner.run("lab", ["bench", "--help"])
        expectEqual(result.status, 0)
        expectEqual(
            result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines),
            BenchCommand.spec.help().trimmingCharacters(in: .whitespacesAndNewlines))
        expect(result.standardOutput.contains("--processes N") && result.standardOutput.contains("--allow-debug"))
        expectNotContains(result.standardOutput, "--worker", "internal options stay out of the help")
    }

    @Test func typedValuesRefuseWhatTheyUsedToTruncate() async throws {
        let bench = try await ProcessRunner.run("lab", ["bench", "--processes", "2.7"])
        expect(bench.status == 2 && bench.standardError.contains("expected a whole number from 1 to 16"))
        let hint = try await ProcessRunner.run("lab", ["hint", "--verify"])
        expect(hint.status == 2 && hint.standardError.contains("unknown option '--verify'"))
        let unknown = try await ProcessRunner.run("lab", ["progres"])
        expect(unknown.status == 2 && unknown.standardError.contains("did you mean 'progress'?"))
    }
}

/// Every command that prints for a person can be told to print without colours, as `NO_COLOR=1`
/// does (a log, a screen reader, a pasted transcript).
@Suite("Every command that paints takes --no-color")
struct NoColorFlagTests {
    @Test(arguments: LabSubcommand.allCases)
    func theCommandAcceptsNoColor(command: LabSubcommand) {
        expect(command.spec.options.contains { $0.name == "no-color" }, "lab \(command.rawValue)")
    }
}
