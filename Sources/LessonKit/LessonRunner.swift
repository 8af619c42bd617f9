import Foundation
import LabCommandLine
import LabConsole
import LabCore
import LabFiles
import LabTimeline
import LabTrace

/// Runs a lesson with the flags every lesson shares. The lesson executables and
/// `lab run` both come here, so a lesson behaves the same from either.
public enum LessonRunner {
    /// Runs the lesson with the process's arguments and exits with its status.
    @MainActor
    public static func main(_ lesson: any Lesson) async -> Never {
        if ProcessInfo.processInfo.environment[ChildDemo.environmentKey] != nil {
            await ChildDemo.runIfRequested(among: lesson.childDemos)
        }
        let status = await run(lesson, arguments: Array(CommandLine.arguments.dropFirst()))
        exit(status)
    }

    /// Runs the lesson and returns the exit status: 0 done, 1 a variant failed, 2 bad usage.
    @MainActor
    /// `indexPage`: where a page of every lesson is (`lab pages`), for `--html`'s page to link to.
    public static func run(
        _ lesson: any Lesson, arguments: [String], console: Console? = nil, indexPage: String? = nil
    ) async -> Int32 {
        var options: LessonOptions
        do {
            let parsed = try spec(lesson).parse(arguments)
            options = try LessonOptions(parsed)
            options.indexPage = indexPage
            if let command = lesson.command, !options.help, command.isRequested(parsed) {
                if let conflict = command.conflict(in: parsed) { throw conflict }
                return try await command.run(parsed)
            }
            try validate(options, for: lesson)
        } catch let error as UsageError {
            StandardError.usage(program: lesson.name, error, help: spec(lesson).helpPointer)
            return UsageError.exitCode
        } catch {
            StandardError.write("\(lesson.name): error: \(error)")
            return 1
        }
        // A page or trace written to standard output (`--html /dev/stdout`) has the stream to
        // itself: the lesson's text goes to standard error.
        let console =
            console
            ?? Console(
                terminal: .detect(noColorFlag: options.noColor),
                narrates: !options.quiet && !options.json,
                sink: outputFiles(options).contains { OutputFile.isStandardOutput($0.path) }
                    ? .standardError : .standardOutput)
        if options.help {
            console.emit(help(lesson, terminal: console.terminal))
            return 0
        }
        if options.list {
            console.emit(variantList(lesson, terminal: console.terminal))
            return 0
        }
        // The page and the trace the user asked for are written even if standard output goes away.
        if !outputFiles(options).isEmpty { StandardOutput.outlivesItsReader() }
        let status = await LessonSession(lesson: lesson, options: options, console: console).run()
        return StandardOutput.failed ? max(status, 1) : status
    }

    static func validate(_ options: LessonOptions, for lesson: any Lesson) throws(UsageError) {
        let names = lesson.variants.map(\.name)
        for name in options.variants where !names.contains(name) {
            throw .unknownName(kind: "variant", name: name, suggestion: Suggestion.closest(to: name, in: names))
        }
        for (option, path) in outputFiles(options) {
            // --json's report is standard output's: a file written there would run into it.
            if options.json && OutputFile.isStandardOutput(path) {
                throw .invalidValue(
                    option: option, value: path, expected: "another file than standard output, where --json writes")
            }
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue,
                !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) || !isDirectory.boolValue
            else {
                throw .invalidValue(option: option, value: path, expected: "a file in an existing folder")
            }
            if let refusal = OutputFile.writeRefusal(path) {
                throw .invalidValue(
                    option: option, value: path, expected: "a file that can be written (here: \(refusal))")
            }
        }
        if let trace = options.traceOutput, let html = options.htmlOutput, samePath(trace, html) {
            throw .invalidValue(
                option: "html", value: html, expected: "another file than --trace-out's (one would replace the other)")
        }
    }

    /// The files the options ask for, each with its option's name.
    static func outputFiles(_ options: LessonOptions) -> [(option: String, path: String)] {
        [("trace-out", options.traceOutput), ("html", options.htmlOutput)].compactMap { option, path in
            path.map { (option, $0) }
        }
    }

    /// Whether two paths name one file, however they are spelled ("x", "./x", a symlink to it).
    static func samePath(_ first: String, _ second: String) -> Bool {
        func resolved(_ path: String) -> String {
            URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        }
        return resolved(first) == resolved(second)
    }

    /// The lesson's command line: the options every lesson shares, under its own name.
    public static func spec(_ lesson: any Lesson) -> CommandSpec {
        LessonOptions.spec(for: lesson.name, summary: "\(lesson.title) — \(lesson.summary)", command: lesson.command)
    }

    static func help(_ lesson: any Lesson, terminal: Terminal) -> String {
        spec(lesson).help(width: terminal.width) + "\n\n" + variantList(lesson, terminal: terminal)
            + "\n\n" + ("The steps table (\"Where each step ran\"): " + Table.spansLegend).wrapped(to: terminal.width)
            + (lesson.helpEpilogue.map { "\n\n" + $0 } ?? "")
    }

    static func variantList(_ lesson: any Lesson, terminal: Terminal) -> String {
        let width = (lesson.variants.map(\.name.count).max() ?? 0) + 2
        let lines = lesson.variants.map { variant in
            let lead = "  " + variant.name.padded(to: width)
            let line = (variant.title + (variant.isExtra ? " (extra)" : "")).wrapped(to: terminal.width, after: lead)
            // The name in bold: the line begins with it (after two spaces) however it was wrapped.
            return "  " + terminal.paint(leading: variant.name, of: String(line.dropFirst(2)), .bold)
        }
        let heading = "Variants of \(lesson.name) (run one with --variant NAME):".wrapped(to: terminal.width)
        return ([heading] + lines).joined(separator: "\n")
    }
}
