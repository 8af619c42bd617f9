import Testing
@testable import LabKit

@Suite("The lab's argument parser")
struct ArgumentParserTests {
    let parser = ArgumentParser(options: [
        OptionSpec("help", short: "h", help: ""),
        OptionSpec("trace", help: ""),
        OptionSpec("scale", value: "X", help: ""),
        OptionSpec("variant", value: "NAME", help: ""),
    ], maximumPositionals: 1)

    @Test func readsFlagsValuesAndPositionals() throws {
        let parsed = try parser.parse(["run", "--trace", "--scale", "0.1", "--variant=a", "--variant", "b", "-h"])
        #expect(parsed.positionals == ["run"])
        #expect(parsed.has("trace") && parsed.has("help"))
        #expect(parsed.value("scale") == "0.1")
        #expect(parsed.values["variant"] == ["a", "b"])
    }

    @Test func doubleDashEndsOptions() throws {
        #expect(try parser.parse(["--", "--trace"]).positionals == ["--trace"])
    }

    @Test func unknownOptionSuggestsTheClosest() {
        #expect(throws: UsageError.unknownOption("--trac", suggestion: "--trace")) { try parser.parse(["--trac"]) }
        #expect(throws: UsageError.unknownOption("--zzzzzz", suggestion: nil)) { try parser.parse(["--zzzzzz"]) }
        #expect(throws: UsageError.unknownOption("-x", suggestion: nil)) { try parser.parse(["-x"]) }
    }

    @Test func missingValuesAndExtraArgumentsAreErrors() {
        #expect(throws: UsageError.missingValue(option: "scale")) { try parser.parse(["--scale"]) }
        #expect(throws: UsageError.missingValue(option: "scale")) { try parser.parse(["--scale", "--trace"]) }
        #expect(throws: UsageError.unexpectedArgument("two")) { try parser.parse(["one", "two"]) }
        #expect(throws: UsageError.unexpectedArgument("--trace=yes")) { try parser.parse(["--trace=yes"]) }
    }

    @Test func numbersAreChecked() throws {
        #expect(try parser.parse(["--scale", "0.5"]).double("scale", in: 0.001...10) == 0.5)
        #expect(throws: UsageError.self) { try parser.parse(["--scale", "fast"]).double("scale", in: 0.001...10) }
        #expect(throws: UsageError.self) { try parser.parse(["--scale", "0"]).double("scale", in: 0.001...10) }
        #expect(throws: UsageError.self) { try parser.parse(["--scale", "nan"]).double("scale", in: 0.001...10) }
    }

    @Test func errorsReadAsOneLine() {
        let errors: [UsageError] = [.unknownOption("--x", suggestion: "--y"), .missingValue(option: "scale"),
                                    .invalidValue(option: "seed", value: "-1", expected: "a whole number"),
                                    .unknownName(kind: "command", name: "lsit", suggestion: "list")]
        for error in errors { #expect(!error.description.contains("\n")) }
        #expect(UsageError.unknownName(kind: "command", name: "lsit", suggestion: "list").description
                == "unknown command 'lsit'; did you mean 'list'?")
    }

    @Test func editDistanceAndSuggestions() {
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
        #expect(Suggestion.editDistance("", "abc") == 3)
        #expect(Suggestion.closest(to: "lsit", in: ["list", "run", "doctor"]) == "list")
        #expect(Suggestion.closest(to: "doc", in: ["list", "run", "doctor"]) == "doctor")
        #expect(Suggestion.closest(to: "qqqqqqq", in: ["list", "run"]) == nil)
    }
}

@Suite("Lesson options")
struct LessonOptionsTests {
    @Test func defaultsAreTheLessonScaleAndSeed() throws {
        let options = try LessonOptions.parse([])
        #expect(options.scale == .lessonDefault && options.seed == 42 && !options.json)
    }

    @Test func realTimeAndScale() throws {
        #expect(try LessonOptions.parse(["--real-time"]).scale == .realTime)
        #expect(try LessonOptions.parse(["--scale", "0.2"]).scale == TimeScale(factor: 0.2))
        #expect(throws: UsageError.self) { try LessonOptions.parse(["--real-time", "--scale", "0.2"]) }
        #expect(throws: UsageError.self) { try LessonOptions.parse(["--seed", "minus one"]) }
    }
}
