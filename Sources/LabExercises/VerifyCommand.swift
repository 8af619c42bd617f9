import Foundation
import LabConsole
import LabCore
import LabFiles

extension ExerciseCommands {
    /// The exercises named, each once, in the catalogue's order (a name that matches nothing is a
    /// mistake, not a vacuous success), or all when none is named.
    func exercises(only names: [String], progress: Progress = Progress()) throws -> [Exercise] {
        guard !names.isEmpty else { return try catalog.all }
        let named = Set(try names.map { try exercise($0, progress: progress).id })
        return try catalog.all.filter { named.contains($0.id) }
    }

    /// CI's proof, for every exercise: the untouched file fails by its behaviour check,
    /// the solution and every alternative pass, every catalogued mistake fails with its message.
    public func verify(only names: [String] = []) async throws -> Int32 {
        let chosen = try exercises(only: names)
        var problems: [String] = []
        var table = Table(
            headers: ["exercise", "original", "solution", "alternatives", "mistakes"], rightAligned: [3, 4])
        // Every answer of every chosen exercise in one batch (see BatchGrading). A mistake whose
        // diff no longer fits the solution is a problem of its own and counts against its cell.
        var known: [(Exercise, KnownAnswer)] = []
        var unreadable: [String: [String]] = [:]
        for exercise in chosen {
            let (answers, failures) = KnownAnswer.all(for: exercise, root: root)
            known += answers.map { (exercise, $0) }
            unreadable[exercise.id] = failures
        }
        let clock = ContinuousClock()
        let start = (clock.now, CPUTime.processAndChildren())
        let buildsEnded = Locked<(ContinuousClock.Instant, Double)?>(nil)
        // Checks three to a worker beside the builds, as `lab grade`'s (with two, the checks set the
        // pace once the checks' objects were kept: docs/MEASUREMENTS.md, session 33); once every
        // answer is built, as many at once as each CPU is proven to bear (`GradingWidth.verifyChecks`):
        // with the compiles kept, most of a run is its checks, mostly waiting.
        var batch = BatchGrading(root: root, runWorkers: 3 * GradingWidth.builds())
        batch.runWhileBuilding = true
        batch.runWorkersOnceBuilt = GradingWidth.verifyChecks()
        let checksBuilt = Locked((reused: 0, built: 0))
        let answersBuilt = Locked((reused: 0, built: 0))
        batch.afterBuilds = { built in
            buildsEnded.withLock { $0 = (clock.now, CPUTime.processAndChildren()) }
            let made = built.compactMap { $0 }
            checksBuilt.withLock { $0 = (made.filter(\.checkReused).count, made.count) }
            answersBuilt.withLock { $0 = (made.filter(\.answerReused).count, made.count) }
        }
        let asAnswer = { (known: (Exercise, KnownAnswer)) in
            var answer = BatchGrading.Answer(exercise: known.0, source: known.1.file, scan: known.1.role != .original)
            answer.keepsState = known.1.keepsState
            return answer
        }
        var outcomes = await batch.grade(known.map(asAnswer))
        let end = (clock.now, CPUTime.processAndChildren())
        // Graded again one at a time, each in a batch of its own with nothing beside it.
        let retried = VerifyRetry.indices(of: known, outcomes: outcomes)
        for index in retried {
            let alone = BatchGrading(root: root, buildWorkers: 1, runWorkers: 1)
            outcomes[index] = await alone.grade([asAnswer(known[index])])[0]
        }
        let retriesEnded = (clock.now, CPUTime.processAndChildren())
        for exercise in chosen {
            var cells: [KnownAnswer.Role: (ok: Int, total: Int)] = [:]
            for failure in unreadable[exercise.id] ?? [] {
                cells[.mistake, default: (0, 0)].total += 1
                problems.append("\(exercise.id) mistake: \(failure)")
            }
            for (index, (graded, answer)) in known.enumerated() where graded.id == exercise.id {
                let outcome = outcomes[index]
                let problem = answer.problem(with: outcome, exercise: exercise)
                cells[answer.role, default: (0, 0)].total += 1
                if let problem {
                    problems.append(
                        "\(exercise.id) \(answer.role.rawValue) (\(answer.origin.lastPathComponent), \(answer.summary)): \(problem)"
                    )
                    if outcome.stage == .compile && answer.role != .mistake && exercise.kind != .makeItCompile {
                        problems.append(
                            outcome.details.split(separator: "\n").prefix(12).map { "    " + $0 }.joined(
                                separator: "\n"))
                    }
                } else {
                    cells[answer.role, default: (0, 0)].ok += 1
                }
            }
            func cell(_ role: KnownAnswer.Role) -> String {
                let value = cells[role] ?? (0, 0)
                return value.total == 0 ? "—" : "\(value.ok)/\(value.total)" + (value.ok == value.total ? " ✔" : " ✘")
            }
            table.append([exercise.id, cell(.original), cell(.solution), cell(.alternative), cell(.mistake)])
        }
        say(table.render(on: terminal))
        for problem in problems { say("✘ " + problem) }
        // Wall and CPU seconds, so a maintainer sees which half of the wait to work on.
        let builds = buildsEnded.withLock { $0 }
        let phases = builds.map { "; the builds (checks beside them) ended after \(Self.spent(from: start, to: $0))" }
        say(
            "\(known.count) answer\(known.count == 1 ? "" : "s") in \(Self.spent(from: start, to: end))"
                + (phases ?? ""))
        if let answers = Self.answersSentence(answersBuilt.withLock { $0 }) { say(answers) }
        if let checks = Self.checksSentence(checksBuilt.withLock { $0 }) { say(checks) }
        // Passed on the grader's second run, after a first refused only by bounds on the clock: the
        // machine's stalls (or a check that leans on the second run), named so it is seen.
        let secondRuns = known.indices.filter { outcomes[$0].passed && !outcomes[$0].lateBefore.isEmpty }
        if !secondRuns.isEmpty {
            say(
                "Passed on a second run after a first refused only by a bound on the clock: "
                    + secondRuns.map { "\(known[$0].0.id) \(known[$0].1.origin.lastPathComponent)" }
                    .joined(separator: ", "))
        }
        if !retried.isEmpty {
            // Each with its second verdict: one right only the second time is said so, for a
            // maintainer to look at (an answer that hangs now and then hangs here too, sometimes).
            let names = retried.map { index in
                let (exercise, answer) = known[index]
                let again = answer.problem(with: outcomes[index], exercise: exercise) == nil ? "right" : "wrong"
                return "\(exercise.id) \(answer.origin.lastPathComponent) (\(again) the second time)"
            }
            say(
                "Against the catalogue in a way a stalled machine can make it, so graded again alone, "
                    + "\(Self.spent(from: end, to: retriesEnded)): "
                    + names.joined(separator: ", "))
        }
        say(
            problems.isEmpty
                ? "Every known answer gets the verdict it must."
                : problems.count == 1
                    ? "1 known answer gets the wrong verdict."
                    : "\(problems.count) known answers get the wrong verdict.")
        return problems.isEmpty ? 0 : 1
    }

    /// How many of the answers built were compiled, and how many linked a module compiled before from
    /// the same code (`AnswerModules`). Nil when none built.
    static func answersSentence(_ answers: (reused: Int, built: Int)) -> String? {
        guard answers.built > 0 else { return nil }
        let compiled = answers.built - answers.reused
        let count = { (count: Int) in count == 1 ? "1 answer" : "\(count) answers" }
        if answers.reused == 0 {
            return answers.built == 1
                ? "The 1 answer built was compiled from its code."
                : "Each of the \(answers.built) answers built was compiled from its code."
        }
        if compiled == 0 {
            return answers.built == 1
                ? "The 1 answer built linked its module, compiled before from the same code."
                : "All \(answers.built) answers built linked their modules, compiled before from the same code."
        }
        return "Modules compiled for \(count(compiled)) of the \(answers.built) built; "
            + "\(count(answers.reused)) linked the module already compiled from the same code (in this run or one before)."
    }

    /// How many of the answers built compiled their check, and how many linked one compiled for
    /// an identical module or their exercise's face (`CheckObjects`, `AnswerFace`): where `--verify`'s build time went. Nil when none built.
    static func checksSentence(_ checks: (reused: Int, built: Int)) -> String? {
        guard checks.built > 0 else { return nil }
        let compiled = checks.built - checks.reused
        guard checks.reused > 0 else {
            return checks.built == 1
                ? "The 1 answer built compiled its own check."
                : "Each of the \(checks.built) answers built compiled its own check."
        }
        // Said of the answers built, not of the run: an answer whose link failed after its check
        // compiled is not counted as built, and its check may still be the one a later answer links.
        guard compiled > 0 else {
            return checks.built == 1
                ? "The 1 answer built linked a check already compiled against its exercise's face or a module identical to its own."
                : "All \(checks.built) answers built linked a check already compiled against their exercise's face or a module identical to theirs."
        }
        let answers = { (count: Int) in count == 1 ? "1 answer" : "\(count) answers" }
        return "Checks compiled for \(answers(compiled)) of the \(checks.built) built; "
            + "\(answers(checks.reused)) linked the check already compiled against their exercise's face or a module identical to theirs "
            + "(in this run or one before)."
    }

    static func spent(from start: (ContinuousClock.Instant, Double), to end: (ContinuousClock.Instant, Double))
        -> String
    {
        String(format: "%.1f s (%.1f s of CPU)", (end.0 - start.0).seconds, end.1 - start.1)
    }

    /// Every known answer of every exercise (or of those named) as a whole file in `folder`:
    /// `<id>/starter.swift`, `solution.swift`, `alternative-NAME.swift`, `mistake-NAME.swift`.
    /// For a teacher reading the catalogue, and for making a class to try `lab grade` on. A file
    /// already there that says something else is the user's: without `replace`, nothing is written
    /// (a file that says the same is left as it is, so writing the catalogue again needs no flag).
    public func writeAnswers(only names: [String], to folder: URL, replace: Bool = false) throws -> Int32 {
        let chosen = try exercises(only: names)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), !isFolder.boolValue {
            throw ExerciseError.cannotWrite(folder.path, reason: "it is a file, not a folder")
        }
        do {
            let files = try answerFiles(chosen, in: folder)
            // A file that already says the same is left as it is (written again, a link there would
            // become a copy); anything else there is the user's.
            let same = Set(files.filter { Self.holds($0.data, at: $0.url) }.map(\.url.path))
            let different = files.filter { !same.contains($0.url.path) && Self.isEntry($0.url.path) }
            if let first = different.first, !replace {
                let more = different.count > 1 ? " (and \(different.count - 1) more)" : ""
                throw ExerciseError.wouldReplace(
                    first.url.path,
                    reason:
                        "something else is already there\(more); nothing was written: give another folder, or add --replace to overwrite"
                )
            }
            for file in files where !same.contains(file.url.path) { try AtomicFile.write(file.data, to: file.url) }
            say(
                Self.wroteSentence(
                    written: files.count - same.count, same: same.count, exercises: chosen.count, to: folder.path))
            return 0
        } catch let error as ExerciseError {
            throw error
        } catch {
            // Foundation's own words for a file error are a dump of its fields; the system's are a line.
            let underlying = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
            let reason =
                underlying.flatMap { $0.domain == NSPOSIXErrorDomain ? String(cString: strerror(Int32($0.code))) : nil }
                ?? error.localizedDescription
            throw ExerciseError.cannotWrite(folder.path, reason: reason)
        }
    }

    /// What `--write-answers` did: the files it wrote, and those already there as they would be.
    static func wroteSentence(written: Int, same: Int, exercises: Int, to path: String) -> String {
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        let sentence = "Wrote \(plural(written, "known answer")) of \(plural(exercises, "exercise")) to \(path)"
        guard same > 0 else { return sentence + "." }
        return sentence
            + "; \(same) \(same == 1 ? "was" : "were") already there as \(same == 1 ? "it is" : "they are")."
    }

    /// Whether a regular file (not a link, nor a FIFO, which is never read) at `url` holds `data`.
    static func holds(_ data: Data, at url: URL) -> Bool {
        (try? RegularFile.read(url, atMost: data.count, followingLinks: false).get()) == data
    }

    /// Whether anything is at `path`, a link to nothing included.
    static func isEntry(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Each known answer's bytes and the file they go to, every exercise read before any is written.
    private func answerFiles(_ chosen: [Exercise], in folder: URL) throws -> [(data: Data, url: URL)] {
        var files: [(data: Data, url: URL)] = []
        for exercise in chosen {
            let (answers, problems) = KnownAnswer.all(for: exercise, root: root)
            if let problem = problems.first { throw ExerciseError.badExercise(exercise.id, reason: problem) }
            let target = folder.appendingPathComponent(exercise.id, isDirectory: true)
            for answer in answers {
                let name: String
                switch answer.role {
                case .original: name = "starter.swift"
                case .solution: name = "solution.swift"
                case .alternative, .mistake:
                    name =
                        "\(answer.role.rawValue)-" + answer.origin.deletingPathExtension().lastPathComponent + ".swift"
                }
                files.append((try Data(contentsOf: answer.file), target.appendingPathComponent(name)))
            }
        }
        return files
    }
}
