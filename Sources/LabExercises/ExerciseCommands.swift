import Foundation
import LabCommandLine
import LabConsole
import LabCore
import LabFiles
import LabProcesses

/// The classroom commands of `lab`. Each returns an exit status: 0 done or
/// passed, 1 failed (a check, or a solution not yet earned), 2 bad usage.
public struct ExerciseCommands {
    public let root: URL
    let environment: [String: String]
    let terminal: Terminal

    public init(
        root: URL, environment: [String: String] = ProcessInfo.processInfo.environment, terminal: Terminal = .detect()
    ) {
        self.root = root
        self.environment = environment
        self.terminal = terminal
    }

    /// The lab folder containing `Exercises/`: $CONCURRENCY_LAB_ROOT, or the current folder
    /// or one of its parents, or the clone this `lab` was built in (so a teacher can run it
    /// from the class's folder).
    public static func findRoot(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> URL {
        if let root = environment["CONCURRENCY_LAB_ROOT"] { return URL(fileURLWithPath: root) }
        let starts = [
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
            ExecutableLocation.labImage?.deletingLastPathComponent(),
        ]
        for start in starts.compactMap({ $0 }) {
            var folder = start
            for _ in 0..<8 {
                if FileManager.default.fileExists(
                    atPath: ExerciseFolder.checkMainFile(root: folder).path)
                {
                    return folder
                }
                folder.deleteLastPathComponent()
            }
        }
        throw ExerciseError.notInLabFolder(FileManager.default.currentDirectoryPath)
    }

    /// The lab's exercises, read from its `Exercises/` folder.
    var catalog: ExerciseCatalog { get throws { try ExerciseCatalog.load(root: root) } }

    func exercise(_ name: String?, progress: Progress) throws -> Exercise {
        let catalog = try catalog
        guard let name else {
            return catalog.all.first { !progress[$0.id].solved } ?? catalog.all[catalog.all.count - 1]
        }
        let found = catalog.candidates(named: name)
        if found.count == 1 { return found[0] }
        if found.count > 1 { throw ExerciseError.ambiguousExercise(name, candidates: found.map(\.id)) }
        throw ExerciseError.unknownExercise(
            name, suggestion: Suggestion.closest(to: name, in: catalog.all.map(\.id)))
    }

    /// The student's working copies (created on first use).
    var workspace: StudentWorkspace { StudentWorkspace(root: root, environment: environment) }

    func say(_ text: String) { StandardOutput.line(text) }

    // MARK: lab exercises

    /// Every exercise with the student's progress, or only those named (`lab exercises 03 05`).
    public func list(only names: [String] = []) throws -> Int32 {
        let progress = try Progress.load(environment: environment)
        let all = try catalog.all
        let chosen = try exercises(only: names, progress: progress)
        var table = Table(
            headers: ["", "exercise", "lesson", "kind", "title", "min"], rightAligned: [5], keyColumns: 2)
        for exercise in chosen {
            let entry = progress[exercise.id]
            let mark =
                entry.solved ? terminal.paint("✔", .green) : entry.attempts > 0 ? terminal.paint("…", .yellow) : "·"
            table.append([
                mark, exercise.id, exercise.lesson, exercise.kind.rawValue, exercise.title, "\(exercise.minutes)",
            ])
        }
        let solved = all.filter { progress[$0.id].solved }.count
        let shown = StudentWorkspace.displayPath(try workspace.prepare(), root: root)
        say(
            (terminal.paint("Exercises", .bold)
                + " — \(solved) of \(all.count) solved. Edit your copy in \(shown)/ (open it in your editor), then `swift run lab check`.")
                .wrapped(to: terminal.width))
        say(table.render(on: terminal))
        if !names.isEmpty {
            for exercise in chosen {
                say(
                    "Your copy: \(workspace.displayPath(for: exercise)). Check it with `swift run lab check \(exercise.id.prefix(2))`."
                        .wrapped(to: terminal.width, indent: "  "))
            }
        }
        return 0
    }

    // MARK: lab check

    public func check(_ name: String?) async throws -> Int32 { try await check(name, watching: false) }

    /// `watching`: called by `lab watch`, which checks again on each save by itself.
    func check(_ name: String?, watching: Bool) async throws -> Int32 {
        let saved = try Progress.load(environment: environment)
        let exercise = try exercise(name, progress: saved)
        let grader = Grader(root: root, exercise: exercise)
        // A file checked before that is gone now (deleted, or the workspace moved) is made again
        // from the starting file, as a first check makes it; said, so that the verdict below is not
        // read as one about the student's own code.
        let checkedBefore = saved[exercise.id].attempts > 0
        // Missing from a workspace already made (its manifest is there): deleted, as a new workspace
        // makes every file at once.
        let lost =
            FileManager.default.fileExists(atPath: workspace.folder.appendingPathComponent("Package.swift").path)
            && !FileManager.default.fileExists(atPath: workspace.file(for: exercise).path)
        try workspace.prepare(only: exercise)
        // The starting file, untouched (or made again in place of one deleted), is no attempt of
        // the student's: `lab watch` counted one each time a file was deleted and made again, and
        // for the starter it opened, inflating the record a teacher reads (an audit).
        let untouched = Self.isStartingFile(
            workspace.file(for: exercise), starter: Grader(root: root, exercise: exercise).originalFile)
        say(
            terminal.paint("▸ \(exercise.id)", .bold)
                + terminal.paint(" (\(exercise.lesson)) — \(exercise.title)", .dim))
        if lost {
            let note =
                "note: your file was not there\(checkedBefore ? ", though you checked it before" : ""); it was made again from the "
                + "exercise's starting file, which this check grades: \(workspace.displayPath(for: exercise))"
            say(terminal.paint(note.wrapped(to: terminal.width, after: "  "), .yellow))
        }
        if exercise.mode != .swift6 {
            say(
                terminal.paint(
                    "  your file is compiled in the \(exercise.mode.title) mode: \(exercise.mode.summary)", .dim))
        }
        let firstBuild = !FileManager.default.fileExists(
            atPath: root.appendingPathComponent(".build-exercises/batch/scratch").path)
        let outcome = await grader.grade(
            source: workspace.file(for: exercise),
            onWait: { [terminal] in
                StandardOutput.line(
                    terminal.paint("  another check is compiling in this folder; waiting for its turn…", .dim))
            },
            onBuildStart: { [terminal] in
                let note =
                    firstBuild
                    ? "compiling your code with its check (the first check also builds the lab's library for the checks, so it takes longer)…"
                    : "compiling your code with its check…"
                StandardOutput.line(terminal.paint("  " + note, .dim))
            })
        // Saved before the verdict is printed: a reader that goes away (`lab check 07 | head -1`)
        // or a full disk ends the program while it prints, and a solve was lost so (an audit).
        // Under the lab folder's lock, which another `lab` may hold: waited for on a thread of its
        // own, not on one of the pool's.
        let environment = environment
        let progress = try await OnAThreadOfItsOwn.blockingWork(named: "save progress") {
            try Progress.update(environment: environment) { progress in
                if !untouched || outcome.passed { progress[exercise.id].attempts += 1 }
                if outcome.passed && !progress[exercise.id].solved {
                    progress[exercise.id].solved = true
                    progress[exercise.id].firstSolvedAt = ISO8601DateFormatter().string(from: Date())
                }
            }
        }
        report(outcome, exercise: exercise)
        if outcome.passed {
            if let next = try catalog.all.first(where: { !progress[$0.id].solved }) {
                let line = Self.solvedLine(
                    next: "\(next.id) — \(next.title)", path: workspace.displayPath(for: next), watching: watching,
                    width: terminal.width)
                say("  " + terminal.paint(leading: Self.solved, of: String(line.dropFirst(2)), .green + .bold))
            } else {
                say(
                    terminal.paint("  ✔ Solved. That was the last one: every exercise is done. ", .green + .bold)
                        + "`swift run lab progress` shows your record.")
            }
            return 0
        }
        say(
            terminal.paint(
                Self.againLine(
                    path: workspace.displayPath(for: exercise), number: exercise.id.prefix(2), watching: watching,
                    width: terminal.width),
                .dim))
        return 1
    }

    static let solved = "✔ Solved. "

    /// Whether the student's file says what the exercise's starting file says (`AnswerFile.isStarter`).
    static func isStartingFile(_ file: URL, starter: URL) -> Bool {
        guard let mine = AnswerFile.text(file, within: nil) else { return false }
        return AnswerFile.isStarter(mine, starter: starter)
    }

    /// Before a second run's verdict: that the first run was refused only by a bound on the clock
    /// (a busy machine can make a correct answer miss one), with what it was told where the second
    /// passed; where both were refused, the verdict below says it, once.
    static func secondRunLine(firstLate: String, secondPassed: Bool, width: Int) -> String {
        (secondPassed
            ? "note: the check ran twice. The first run missed only a bound on the clock (\(firstLate)), "
                + "as a busy machine can make a correct answer do; the second run passed."
            : "note: the check ran twice; both runs were refused, the first only by a bound on the clock. "
                + "Below is the second run's verdict.").wrapped(to: width, indent: "  ")
    }

    /// After a pass: the next exercise, and how it is checked (`lab watch` goes on to its file by
    /// itself), wrapped to the terminal, "  ✔ Solved. " first.
    static func solvedLine(next: String, path: String, watching: Bool, width: Int) -> String {
        let then = watching ? " and save it: it is checked then." : ", then `swift run lab check`."
        return (solved + "Next: \(next). Edit \(path)" + then).wrapped(to: width, indent: "  ")
    }

    /// After a failure: where to edit, how it is checked again, and where a hint is, wrapped.
    static func againLine(path: String, number: Substring, watching: Bool, width: Int) -> String {
        ("Edit \(path)"
            + (watching ? " and save it: it is checked again." : " and check again (or run `swift run lab watch`).")
            + " Stuck? `swift run lab hint \(number)`.").wrapped(to: width, indent: "  ")
    }

    func report(_ outcome: CheckOutcome, exercise: Exercise) {
        // What this machine's sandbox could not confine, so nobody assumes it did.
        for note in outcome.notes { say(terminal.paint("  note: " + note, .dim)) }
        if let late = outcome.lateBefore.first {
            say(
                terminal.paint(
                    Self.secondRunLine(firstLate: late, secondPassed: outcome.passed, width: terminal.width), .dim))
        }
        switch outcome.stage {
        case .passed:
            for message in outcome.messages { say(terminal.paint("  ✔ ", .green) + message) }
        case .forbidden:
            // A file refused before it is read (a link, its size) says why itself; the scan's
            // findings are what the exercise forbids.
            let whole = !outcome.messages.isEmpty && outcome.messages.allSatisfy { $0.hasPrefix("refused: ") }
            say(terminal.paint(whole ? "  ✘ not accepted:" : "  ✘ not accepted: this exercise forbids", .red))
            for message in outcome.messages {
                say("    " + (whole ? String(message.dropFirst("refused: ".count)) : message))
            }
        case .compile:
            // Wrapped as the other verdicts' messages are (a watch's 100-column pane cut words).
            for message in outcome.messages {
                say(
                    terminal.paint("  ✘ ", .red)
                        + message.wrapped(to: terminal.width - 4).replacingOccurrences(of: "\n", with: "\n    "))
            }
            if !outcome.details.isEmpty {
                say(outcome.details.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
            }
            if exercise.kind == .makeItCompile {
                say(
                    terminal.paint(
                        "    This is a \"make it compile\" exercise: the message above is the starting point.", .dim))
            }
            let starter =
                (try? String(contentsOf: Grader(root: root, exercise: exercise).originalFile, encoding: .utf8)) ?? ""
            // Read as the grader read it: never waiting on a FIFO swapped in since.
            let mine = AnswerFile.text(workspace.file(for: exercise), within: nil) ?? ""
            let number = String(exercise.id.prefix(2))
            if let finding = StarterEdition.finding(student: mine, starter: starter, exercise: number),
                let header = StarterEdition.header(of: starter)
            {
                say(
                    ("    " + StarterEdition.sentence(finding, current: header, exercise: number))
                        .wrapped(to: terminal.width, indent: "    "))
            }
        case .timeout, .crash, .incomplete, .checks:
            for message in outcome.messages {
                say(
                    terminal.paint("  ✘ ", .red)
                        + message.wrapped(to: terminal.width - 4).replacingOccurrences(of: "\n", with: "\n    "))
            }
            if !outcome.details.isEmpty {
                say(
                    terminal.paint(
                        outcome.details.split(separator: "\n").map { "    │ " + $0 }.joined(separator: "\n"), .dim))
            }
        }
    }

    // MARK: lab hint, reset, solution, progress

    public func hint(_ name: String?) async throws -> Int32 {
        let exercise = try exercise(name, progress: try Progress.load(environment: environment))
        // Counted under the lab folder's lock, which another `lab` may hold: waited for on a
        // thread of its own, not on one of the pool's (as `check` saves its progress).
        let environment = environment
        let shown = try await OnAThreadOfItsOwn.blockingWork(named: "count the hint") {
            var shown = 0
            try Progress.update(environment: environment) { progress in
                shown = min(exercise.hints.count, progress[exercise.id].hintsShown + 1)
                progress[exercise.id].hintsShown = shown
            }
            return shown
        }
        // "Ask again" only while there is another hint to show.
        let more = shown < exercise.hints.count ? "; ask again for a more specific one" : "; that is the last one"
        let heading = "Hints for \(exercise.id) (\(shown) of \(exercise.hints.count)\(more))".wrapped(
            to: terminal.width)
        let bold = "Hints for \(exercise.id)"
        say(terminal.paint(leading: bold, of: heading, .bold))
        for (index, hint) in exercise.hints.prefix(shown).enumerated() {
            say(("\(index + 1). " + hint).wrapped(to: terminal.width, indent: "  "))
        }
        return 0
    }

    /// `lab reset EXERCISE`: the exercise back as it started. The student's version, when it
    /// differs, is first saved in the lab folder's `backups/` under a name of its own: a later
    /// reset, even in the same instant or from another terminal, never replaces an earlier copy.
    public func reset(_ name: String?) throws -> Int32 {
        guard let name else { throw UsageError.missingArgument("the exercise to reset, e.g. lab reset 03") }
        let exercise = try exercise(name, progress: Progress())
        let grader = Grader(root: root, exercise: exercise)
        try workspace.prepare(only: exercise)
        let mine = workspace.file(for: exercise)
        let original = try Data(contentsOf: grader.originalFile)
        if let current = try Self.studentsVersion(mine), current != original {
            let backups = LabFolder.url(environment: environment).appendingPathComponent("backups", isDirectory: true)
            let backup = try BackupFile.save(current, in: backups, stem: exercise.id, extension: "swift")
            say("Your version is saved in \(backup.path).")
        }
        try AtomicFile.write(original, to: mine)
        say("\(workspace.displayPath(for: exercise)) is back to its starting point.")
        return 0
    }

    /// The student's file as `reset` keeps it, or nil where there is none. Read without waiting
    /// (a FIFO in its place hung `lab reset`); what cannot be kept as a copy first (not a file, too
    /// large to be an answer's, unreadable) is refused and left where it is.
    static func studentsVersion(_ file: URL) throws -> Data? {
        switch RegularFile.read(file, atMost: 16 << 20) {
        case .success(let data): return data
        case .failure(.cannotOpen(ENOENT)): return nil
        case .failure(.cannotOpen(let code)):
            throw ExerciseError.wouldReplace(
                file.path, reason: "cannot read it to keep a copy (\(FileErrorWords.errno(code))); it is left as it is")
        case .failure(.notRegular):
            throw ExerciseError.wouldReplace(
                file.path, reason: "not a file of code (a folder, a FIFO or a device); move it away, then reset again")
        case .failure(.tooLarge):
            throw ExerciseError.wouldReplace(
                file.path, reason: "larger than 16 MB, too large to be an answer; move it away, then reset again")
        case .failure(.hasOtherNames):  // Not asked for (a hard link is kept as a copy of its text).
            throw ExerciseError.wouldReplace(file.path, reason: "cannot read it to keep a copy; it is left as it is")
        }
    }

    public func solution(_ name: String?) throws -> Int32 {
        let progress = try Progress.load(environment: environment)
        guard let name else { throw UsageError.missingArgument("the exercise, e.g. lab solution 03") }
        let exercise = try exercise(name, progress: progress)
        guard progress[exercise.id].solved else { throw ExerciseError.notSolvedYet(exercise.id) }
        say(try String(contentsOf: Grader(root: root, exercise: exercise).solutionFile, encoding: .utf8))
        return 0
    }

    public func progressReport(json: Bool) throws -> Int32 {
        let progress = try Progress.load(environment: environment)
        if json {
            let all = try catalog.all
            let rows: [[String: Any]] = all.map { exercise in
                let entry = progress[exercise.id]
                return [
                    "id": exercise.id, "lesson": exercise.lesson, "title": exercise.title,
                    "status": entry.solved ? "solved" : entry.attempts > 0 ? "attempted" : "not started",
                    "attempts": entry.attempts, "hints_shown": entry.hintsShown,
                    "first_solved_at": entry.firstSolvedAt ?? NSNull(),
                ]
            }
            let document: [String: Any] = [
                "schema": "concurrency-lab.progress/1", "student": NSUserName(),
                "solved": all.filter { progress[$0.id].solved }.count,
                "total": all.count, "exercises": rows,
            ]
            say(
                String(
                    decoding: try JSONSerialization.data(
                        withJSONObject: document, options: [.prettyPrinted, .sortedKeys]), as: UTF8.self))
            return 0
        }
        var table = Table(headers: ["exercise", "status", "attempts", "hints", "first solved"], rightAligned: [2, 3])
        for exercise in try catalog.all {
            let entry = progress[exercise.id]
            table.append([
                exercise.id,
                entry.solved ? terminal.paint("solved", .green) : entry.attempts > 0 ? "attempted" : "not started",
                "\(entry.attempts)", "\(entry.hintsShown)", entry.firstSolvedAt ?? "",
            ])
        }
        say(table.render(on: terminal))
        return 0
    }

    // MARK: lab watch

    /// Checks the current exercise, then again each time its file is saved, moving on when it passes.
    public func watch(_ name: String?) async throws -> Int32 {
        var current = try exercise(name, progress: try Progress.load(environment: environment))
        say(terminal.paint("Watching your exercises — save your file to check it again. Ctrl-C to stop.", .dim))
        while true {
            let passed = try await check(current.id, watching: true) == 0
            if passed {
                let progress = try Progress.load(environment: environment)
                guard let next = try catalog.all.first(where: { !progress[$0.id].solved }) else { return 0 }
                current = next
            }
            let file = workspace.file(for: current)
            let seen = Self.modificationDate(file)
            say(terminal.paint("  … waiting for you to save \(workspace.displayPath(for: current))", .dim))
            while Self.modificationDate(file) == seen { try await Task.sleep(for: .milliseconds(300)) }
            if terminal.isTTY { StandardOutput.write("\u{1B}[2J\u{1B}[H") }
        }
    }

    static func modificationDate(_ url: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
    }
}
