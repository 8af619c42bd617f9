import Testing

@testable import LabCommandLine
@testable import LabCore
@testable import LessonKit

@Suite("The lab's argument parser")
struct ArgumentParserTests {
    let parser = CommandSpec(
        "demo", summary: "A demo.", positionals: .init("THING", help: "a thing"),
        options: [
            OptionSpec("help", short: "h", help: ""),
            OptionSpec("trace", help: ""),
            OptionSpec("scale", .number("X", 0.001...10), help: ""),
            OptionSpec("jobs", .integer("N", 1...64), help: ""),
            OptionSpec("format", .choiceList("LIST", ["md", "json"]), help: ""),
            OptionSpec("mode", .choice("MODE", ["fast", "slow"]), help: ""),
            OptionSpec("variant", .text("NAME"), repeatable: true, help: ""),
        ])

    @Test func readsFlagsValuesAndPositionals() throws {
        let parsed = try parser.parse([
            "run", "--trace", "--scale", "0.1", "--variant=a", "--variant", "b", "-h", "--jobs", "3",
            "--format", "md,JSON", "--mode", "slow",
        ])
        expectEqual(parsed.positionals, ["run"])
        expect(parsed.flag("trace") && parsed.flag("help"))
        expectEqual(parsed.number("scale"), 0.1)
        expectEqual(parsed.integer("jobs"), 3)
        expectEqual(parsed.list("format"), ["md", "json"])
        expectEqual(parsed.text("mode"), "slow")
        expectEqual(parsed.texts("variant"), ["a", "b"])
    }

    @Test func askingForHelpNeedsNoRequiredArgument() throws {
        let required = CommandSpec(
            "grade", summary: "", positionals: .init("PATH", minimum: 1, help: ""),
            options: [OptionSpec("help", short: "h", help: "")])
        try expect(try required.parse(["--help"]).flag("help"))
        try expect(try required.parse(["-h"]).flag("help"))
        #expect(throws: UsageError.self) { try required.parse([]) }
    }

    @Test func doubleDashEndsOptions() throws {
        try expectEqual(parser.parse(["--", "--trace"]).positionals, ["--trace"])
    }

    @Test func unknownOptionsSuggestTheClosest() {
        #expect(throws: UsageError.unknownOption("--trac", suggestion: "--trace")) { try parser.parse(["--trac"]) }
        #expect(throws: UsageError.unknownOption("--zzzzzz", suggestion: nil)) { try parser.parse(["--zzzzzz"]) }
        #expect(throws: UsageError.unknownOption("-x", suggestion: nil)) { try parser.parse(["-x"]) }
    }

    @Test func missingAndUnexpectedArguments() {
        #expect(throws: UsageError.missingValue(option: "scale")) { try parser.parse(["--scale"]) }
        #expect(throws: UsageError.missingValue(option: "scale")) { try parser.parse(["--scale", "--trace"]) }
        #expect(throws: UsageError.unexpectedArgument("two")) { try parser.parse(["one", "two"]) }
        #expect(throws: UsageError.unexpectedArgument("--trace=yes")) { try parser.parse(["--trace=yes"]) }
        #expect(throws: UsageError.repeated(option: "jobs")) { try parser.parse(["--jobs", "1", "--jobs", "2"]) }
        #expect(throws: UsageError.repeated(option: "trace")) { try parser.parse(["--trace", "--trace"]) }
        #expect(throws: UsageError.missingValue(option: "variant")) { try parser.parse(["--variant="]) }
    }

    @Test func valuesAreCheckedAgainstTheirDeclaredType() {
        for bad in [
            ["--scale", "fast"], ["--scale", "0"], ["--scale", "nan"], ["--jobs", "2.7"], ["--jobs", "0"],
            ["--jobs", "65"],
            ["--format", "pdf"], ["--format", "md,,pdf"], ["--mode", "medium"],
        ] {
            #expect(throws: UsageError.self, "\(bad)") { try parser.parse(bad) }
        }
        #expect(throws: UsageError.invalidValue(option: "jobs", value: "2.7", expected: "a whole number from 1 to 64"))
        {
            try parser.parse(["--jobs", "2.7"])
        }
    }

    @Test func aRequiredPositionalIsAskedFor() {
        let spec = CommandSpec(
            "need", summary: "", positionals: .init("FILE", minimum: 1, help: "the file"), options: [])
        #expect(throws: UsageError.missingArgument("FILE: the file")) { try spec.parse([]) }
    }

    @Test func usageAndHelpAreGeneratedFromTheDeclarations() {
        expectEqual(
            parser.usage,
            """
            usage: demo [THING] [--help] [--trace] [--scale X] [--jobs N] [--format LIST] [--mode MODE]
                        [--variant NAME]…
            """, "wrapped at 100 columns, under the command's name")
        let help = parser.help()
        for option in parser.options { expect(help.contains(option.synopsis), "\(option.name)") }
        expectContains(help, "(fast, slow)", "a choice lists its words")
    }

    @Test func errorsReadAsOneLine() {
        let errors: [UsageError] = [
            .unknownOption("--x", suggestion: "--y"), .missingValue(option: "scale"),
            .invalidValue(option: "seed", value: "-1", expected: "a whole number"),
            .unknownName(kind: "command", name: "lsit", suggestion: "list"),
        ]
        for error in errors { expectNotContains(error.description, "\n") }
        expectEqual(
            UsageError.unknownName(kind: "command", name: "lsit", suggestion: "list").description,
            "unknown command 'lsit'; did you mean 'list'?")
    }

    @Test func editDistanceAndSuggestions() {
        expectEqual(Suggestion.editDistance("kitten", "sitting"), 3)
        expectEqual(Suggestion.editDistance("", "abc"), 3)
        expectEqual(Suggestion.closest(to: "lsit", in: ["list", "run", "doctor"]), "list")
        expectEqual(Suggestion.closest(to: "doc", in: ["list", "run", "doctor"]), "doctor")
        expectEqual(Suggestion.closest(to: "qqqqqqq", in: ["list", "run"]), nil)
    }
}

@Suite("Lesson options")
struct LessonOptionsTests {
    @Test func defaultsAreTheLessonScaleAndSeed() throws {
        let options = try LessonOptions.parse([])
        expect(options.scale == .lessonDefault && options.seed == 42 && !options.json)
    }

    @Test func realTimeAndScale() throws {
        try expectEqual(LessonOptions.parse(["--real-time"]).scale, .realTime)
        try expectEqual(LessonOptions.parse(["--scale", "0.2"]).scale, TimeScale(factor: 0.2))
        #expect(throws: UsageError.self) { try LessonOptions.parse(["--real-time", "--scale", "0.2"]) }
        #expect(throws: UsageError.self) { try LessonOptions.parse(["--seed", "minus one"]) }
    }
}

@Suite("Flags that cannot go together")
struct LessonFlagConflictTests {
    @Test(arguments: ["--trace", "--tree", "--steps"])
    func jsonRefusesWhatItWouldDrop(flag: String) {
        #expect(throws: UsageError.conflicting("json", String(flag.dropFirst(2)))) {
            try LessonOptions.parse(["--json", flag])
        }
    }

    /// --quiet prints one line a variant: it refuses the drawings it would drop (a user's
    /// `--quiet --steps` printed no steps and no word about them).
    @Test(arguments: ["--trace", "--tree", "--steps"])
    func quietRefusesWhatItWouldDrop(flag: String) {
        #expect(throws: UsageError.conflicting("quiet", String(flag.dropFirst(2)))) {
            try LessonOptions.parse(["-q", flag])
        }
    }

    @Test func listRefusesWhatItWouldIgnore() {
        #expect(throws: UsageError.conflicting("list", "variant")) {
            try LessonOptions.parse(["--list", "--variant", "x"])
        }
        #expect(throws: UsageError.conflicting("list", "json")) { try LessonOptions.parse(["--list", "--json"]) }
        // Every option of a run: a page or a seed given with --list would be silently unused.
        #expect(throws: UsageError.conflicting("list", "html")) {
            try LessonOptions.parse(["--list", "--html", "x.html"])
        }
        #expect(throws: UsageError.conflicting("list", "seed")) { try LessonOptions.parse(["--list", "--seed", "3"]) }
        #expect(throws: Never.self) { try LessonOptions.parse(["--list", "--no-color"]) }
    }

    @Test func traceAndPageMayNotShareAFile() {
        expect(LessonRunner.samePath("same.x", "./same.x"))
        expect(!LessonRunner.samePath("a.html", "a.json"))
    }
}

@Suite("Comma-separated choices")
struct ChoiceListTests {
    let spec = CommandSpec(
        "demo", summary: "", options: [OptionSpec("format", .choiceList("LIST", ["md", "json", "html"]), help: "")])

    @Test(arguments: ["md,,json", "md,", ",md", "md,md", "json,JSON"])
    func emptyOrRepeatedItemsAreRefused(value: String) {
        #expect(throws: UsageError.self, "\(value)") { try spec.parse(["--format", value]) }
    }

    @Test func distinctItemsAreKeptInOrder() throws {
        try expectEqual(spec.parse(["--format", "html, md"]).list("format"), ["html", "md"])
    }
}

@Suite("Usage lines")
struct UsageLineTests {
    @Test func optionsComeBeforeTheCommandAfterDoubleDash() {
        let spec = CommandSpec(
            "lab stress", summary: "",
            positionals: .init("-- COMMAND", minimum: 1, maximum: 10, help: ""),
            options: [OptionSpec("runs", .integer("N", 1...9), help: "")])
        expectEqual(spec.usage, "usage: lab stress [--runs N] -- COMMAND…")
    }

    @Test func aUsageErrorPointsAtTheHelpInTheSameLine() {
        let spec = CommandSpec("lab bench", summary: "", options: [])
        expectEqual(spec.helpPointer, "lab bench --help")
    }
}
