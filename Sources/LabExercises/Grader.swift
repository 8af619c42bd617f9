import Foundation
import LabCore
import LabFiles
import LabProcesses
import LabSourceScan

/// Grades one exercise: reviews the student's file by its tokens, compiles it as
/// its own module beside the exercise's check, outside the lab's own build (so a broken
/// exercise never breaks the lab), runs the check in a sandbox, and reads the
/// verdicts from the check's private channel only. The build and the run are a batch of
/// one (`BatchGrading`); the scan, the check's sources and the verdict are this type's.
public struct Grader: Sendable {
    public let root: URL
    public let exercise: Exercise

    /// Where the builds live (`.build-exercises` in the lab folder; the batches' in `batch/`).
    public let workFolder: URL

    /// Besides the lab's exercises: folders the graded code must not change (`lab grade`: the
    /// student's folder), compared before and after each run (see `watched`).
    public var watchedFolders: [URL] = []
    /// Folders the graded code may neither read nor write besides the lab's (`lab grade`: every
    /// student's). On Linux Landlock denies everything not granted, so this matters on macOS.
    public var protectedFolders: [URL] = []
    /// Tests see each run's raw result here (the output a passing or failing verdict leaves out).
    var observeRun: (@Sendable (Sandbox.Result) -> Void)? = nil

    public init(root: URL, exercise: Exercise, workFolder: URL? = nil) {
        self.root = root
        self.exercise = exercise
        self.workFolder = workFolder ?? root.appendingPathComponent(".build-exercises")
    }

    /// The exercise's folder in the lab (see `ExerciseFolder`).
    var folder: ExerciseFolder { ExerciseFolder(root: root, id: exercise.id) }
    /// The student's working copy (see `StudentWorkspace`).
    public var studentFile: URL { StudentWorkspace(root: root).file(for: exercise) }
    public var solutionFile: URL { folder.solution }
    /// The starting file: the repository's one copy of the exercise.
    public var originalFile: URL { folder.starter }

    /// Grades `source` (the student's file unless another is given, e.g. the solution).
    /// The build holds the batches' lock: two checks at once (say `lab watch` and `lab check`,
    /// or `lab check` and `lab grade`) take turns to build, and one's check runs while the
    /// other builds.
    /// `scan: false` skips the token review (CI proves each starting file fails by its behaviour alone).
    ///
    /// The grade waits for a lock, a build and a sandboxed run (up to ten minutes), so it runs
    /// on a thread of its own while the calling task suspends: on the cooperative pool it would
    /// hold one of its few threads (half of them on two cores) for all that time.
    public func grade(
        source: URL? = nil, scan: Bool = true, limits: Sandbox.Limits? = nil, onWait: (@Sendable () -> Void)? = nil,
        onBuildStart: (@Sendable () -> Void)? = nil
    ) async -> CheckOutcome {
        await OnAThreadOfItsOwn.blockingWork(named: "lab grade \(exercise.id)") {
            gradeBlocking(source: source, scan: scan, limits: limits, onWait: onWait, onBuildStart: onBuildStart)
        }
    }

    /// The same grade on the calling thread, which it holds for the build and the run
    /// (`grade` runs it on a thread of its own; `lab grade` runs one per worker thread, off the cooperative pool).
    public func gradeBlocking(
        source: URL? = nil, scan: Bool = true, limits: Sandbox.Limits? = nil, onWait: (@Sendable () -> Void)? = nil,
        onBuildStart: (@Sendable () -> Void)? = nil
    ) -> CheckOutcome {
        // A batch of one, so `lab check` grades as `lab grade` does: the shared library built once
        // for every check (and not even planned again while none of its inputs changed), then this
        // answer scanned, compiled, linked and run in a folder of its own.
        var batch = BatchGrading(
            root: root, workFolder: workFolder.appendingPathComponent("batch"), buildWorkers: 1, runWorkers: 1)
        if let limits { batch.limits = limits }
        batch.observeRun = observeRun
        batch.onWait = onWait
        batch.onBuildStart = onBuildStart
        var answer = BatchGrading.Answer(exercise: exercise, source: source ?? studentFile, scan: scan)
        answer.watchedFolders = watchedFolders
        answer.protectedFolders = protectedFolders
        if source == nil { answer.folder = StudentWorkspace(root: root).folder }
        return batch.gradeBlocking([answer])[0]
    }

    /// The scan: forbidden escape hatches, imports, and declarations that would shadow
    /// a name the check uses (unless the starting file declares that name too).
    public func review(_ code: String) -> [SourceScanner.Finding] { review(code, sources: try? checkSources()) }

    /// - Parameter keepsState: a known answer that stands in for the machine (one call stalled on
    ///   purpose, `// permits: kept state` in its header) may count its calls; no student's may.
    func review(_ code: String, sources: CheckSources?, keepsState: Bool = false) -> [SourceScanner.Finding] {
        review(code, names: reviewNames(sources: sources), keepsState: keepsState)
    }

    /// What the scan of an answer reads from the exercise, not from the answer: the same for every
    /// answer to it, so a batch reads it once per exercise. Made for each answer, it was most of
    /// a full `--verify`'s scanning (the check and the support tokenized 632 times).
    struct ReviewNames: Sendable {
        /// Names the check looks up unqualified.
        let reserved: Set<String>
        /// The starting file's top-level declarations, and the given code's.
        let starting: Set<String>
        let given: Set<String>
        /// Whether the starting file keeps state at file scope or as statics, and what the
        /// starting file and the given code store there.
        let startingKeepsState: Bool
        let stored: Set<String>
        /// What the answer's face adds to the answer's own types (`AnswerFace.membersAddedToAnswerTypes`):
        /// names the answer may not use at all.
        var addedMembers: Set<String> = []
    }

    func reviewNames(sources: CheckSources?) -> ReviewNames {
        let parts = sources ?? CheckSources(given: "", check: "", support: "", main: "")
        let original = (try? String(contentsOf: originalFile, encoding: .utf8)) ?? ""
        // Names the check looks up unqualified; `x.name` is a member lookup that a top-level declaration cannot shadow.
        // The given code's too: it is compiled into the answer's module, where the answer's own
        // declarations win (an audit's `enum DispatchQueue` stub told exercise 20's given code that
        // every thumbnail was made off the main actor).
        // Not the support's: it is a module of its own (`BatchToolchain.supportModule`), compiled
        // without the answer's, so no declaration of the answer's joins its lookups; a support name
        // the check writes is in the check's text. Reserving its every identifier as well (locals,
        // labels, members) refused a correct answer's file-scope `page`, `state` or `queue` in every
        // exercise whose check never wrote them.
        let checkTokens = SwiftTokenizer.tokens(
            of: [parts.given, parts.check, parts.main].joined(separator: "\n"))
        // And the names the compiler writes into their macros' expansions (`@Observable`'s
        // `Equatable`), which their text never spells.
        // Not an argument's label, nor a word of a `#if` condition: the compiler looks neither up.
        let notLookedUp = NotLookedUp.positions(in: checkTokens)
        let reserved = Set(
            checkTokens.indices.filter {
                checkTokens[$0].kind == .identifier && ($0 == 0 || checkTokens[$0 - 1].text != ".")
                    && !notLookedUp.contains($0)
            }
            .map { checkTokens[$0].text }
        ).union(MacroExpansionNames.names(in: checkTokens))
        let originalTokens = SwiftTokenizer.tokens(of: original)
        let givenTokens = SwiftTokenizer.tokens(of: parts.given)
        // The names the starting file and the given code store at file scope or as statics: what
        // an exercise about shared state asks the answer to keep (23's `thumbnailWidth`).
        let startingStored = KeptState.storedNames(originalTokens)
        return ReviewNames(
            reserved: reserved,
            starting: Set(SourceScanner.topLevelDeclarations(in: originalTokens).map(\.name)),
            // What the answer may declare again (a redeclaration does not compile anyway): the given
            // code's names, not the face's or the adaptor's, which the student never sees: declaring
            // one is told as a name the check uses, not as a redeclaration of a file they cannot see.
            given: Set(
                SourceScanner.topLevelDeclarations(in: SwiftTokenizer.tokens(of: AnswerFace.studentGiven(parts.given)))
                    .map(\.name)),
            startingKeepsState: !startingStored.isEmpty,
            stored: startingStored.union(KeptState.storedNames(givenTokens)),
            addedMembers: AnswerFace.membersAddedToAnswerTypes(inGiven: parts.given))
    }

    func review(_ code: String, names: ReviewNames, keepsState: Bool = false) -> [SourceScanner.Finding] {
        // First, and alone: code nested past what the scan's readings can follow (each level is a
        // call of theirs) is refused before any of them reads it.
        if let tooDeep = NestingDepth.finding(SwiftTokenizer.tokens(of: code)) { return [tooDeep] }
        // An exercise whose starting file keeps shared state (23's setting) is about where such
        // state lives: its answer may keep state of its own as well (a private Mutex behind the
        // setting's name was refused).
        let keptStateRule = keepsState || names.startingKeepsState ? nil : names.stored
        let findings = SourceScanner.findings(
            in: code, forbidden: exercise.forbidden, reservedNames: names.reserved,
            allowedDeclarations: names.starting.union(names.given), extendableTypes: names.starting,
            keptState: keptStateRule)
        // A blocking call the exercise's own patterns refuse already is said once, by them.
        let lines = Set(findings.map(\.line))
        return findings + Self.namesOfAddedMembers(in: code, added: names.addedMembers)
            + blockingInAsyncContexts(in: code).filter { !($0.blocking && lines.contains($0.finding.line)) }.map(
                \.finding)
    }

    /// Each line of `code` that names a member the answer's face adds to the answer's types.
    static func namesOfAddedMembers(in code: String, added: Set<String>) -> [SourceScanner.Finding] {
        guard !added.isEmpty else { return [] }
        var seen: Set<String> = []
        return SwiftTokenizer.tokens(of: code).filter { $0.kind == .identifier && added.contains($0.text) }.compactMap {
            guard seen.insert("\($0.text)#\($0.line)").inserted else { return nil }
            return SourceScanner.Finding(
                code: "`\($0.text)`", line: $0.line,
                reason:
                    "\($0.text) is a member the check adds to your type to call it; a declaration of yours by that name would stand in for it. Rename yours"
            )
        }
    }

    /// The list's entries an answer is held to in its async contexts (`unavailableFromAsync` and
    /// `blocking`), read once per lab folder in a process: a batch reviews hundreds of answers.
    private static let restrictionsRead = Locked<[String: [AsyncRestriction]]>([:])
    static func asyncRestrictions(root: URL) -> [AsyncRestriction] {
        restrictionsRead.withLock { read in
            if let known = read[root.path] { return known }
            let list =
                (try? AsyncRestriction.load(from: root.appendingPathComponent("docs/async-restrictions.json"))) ?? []
            let restrictions = list.filter { $0.kind == .unavailableFromAsync || $0.kind == .blocking }
            read[root.path] = restrictions
            return restrictions
        }
    }

    /// Any receiver's `wait(…)` not awaited, in an answer's async context: a thread's wait,
    /// whatever it waits on (an audit's answer to 27 waited on a `DispatchWorkItem` reached
    /// through a `Mutex`, whose type no binding names). The lab's own code is held to the list,
    /// which matches a wait by its receiver's type. Not where the answer has a `wait` of its own
    /// (an async function, an enum case) and names no type whose `wait` blocks (`OwnMembers`).
    static let answersWait = AsyncRestriction(
        api: ".wait(", kind: .blocking,
        message:
            "a synchronous wait (a semaphore's, a group's, a work item's, a condition's) holds its thread; await instead",
        source: "the grader, for answers")

    /// Calls in the answer's async contexts that Apple's SDK marks unavailable from async contexts
    /// (`docs/async-restrictions.json`, the list the lab's own code is held to): Linux's compiler
    /// accepts them, a Mac's refuses the file, so every platform refuses them here (`group.wait()`
    /// in an async function passed on Linux). And calls that block there: the list's blocking
    /// calls, and the answer's own synchronous functions that make one of either kind
    /// (`BlockingHelpers`: a semaphore's wait moved into a helper passed 17, 27 and 28). No
    /// `HAZARD` comment excuses an answer's. `blocking`: the finding is of a blocking call.
    func blockingInAsyncContexts(in code: String) -> [(finding: SourceScanner.Finding, blocking: Bool)] {
        AsyncContextScanner.findings(
            inFiles: [("\(exercise.id).swift", code)],
            restrictions: Self.asyncRestrictions(root: root)
                + (OwnMembers(SwiftTokenizer.tokens(of: code)).declares("wait") ? [] : [Self.answersWait]),
            hazardMarks: false, strictHelpers: true
        ).map {
            let reason =
                $0.kind == .unavailableFromAsync
                ? "Apple's SDK makes it unavailable from async contexts (here: \($0.context)), so a Mac does not compile this file: \($0.message)"
                : "it holds the thread of the async code that calls it (here: \($0.context)): \($0.message)"
            return (SourceScanner.Finding(code: "`\($0.api)`", line: $0.line, reason: reason), $0.kind == .blocking)
        }
    }

    /// Everything after the build, shared by `lab check` and batches: the compiled module
    /// inspected, the check run in the sandbox with the protected files compared around it, and
    /// the verdict read from its records. Nil when the binary that ran was not built from this
    /// answer (its fingerprint differs): the caller builds again or refuses.
    func judge(
        binary: URL, studentObjects: URL, fingerprint: String, sources: CheckSources, limits: Sandbox.Limits,
        inspect: Bool = true
    ) throws -> CheckOutcome? {
        // The compiled module, read by the grader: whatever the source spelled, no code of
        // the answer's may run before the check does, replace a C function, or call around Swift.
        let module =
            inspect
            ? ModuleInspection.findings(
                inObjectsUnder: studentObjects, given: LabLibraryAccess.named(inGiven: sources.given)) : []
        if !module.isEmpty {
            return CheckOutcome(
                stage: .forbidden,
                messages: module.map { "refused before running: your compiled code contains \($0)" }, details: "")
        }
        let secret = Self.freshSecret()
        let before = ProtectedFiles(folders: watched.folders, files: watched.files)
        let policy = sandboxPolicy()
        var result = try Sandbox.run(binary, header: secret, limits: limits, policy: policy)
        result.notes += exposureNotes(policy)
        let changed = ProtectedFiles(folders: watched.folders, files: watched.files).changes(since: before)
        observeRun?(result)
        let verdict = CheckVerdict(
            exercise: exercise, secret: secret, planned: CheckPlan.plannedExpectations(in: sources.check))
        let records = verdict.records(result.records)
        if !changed.isEmpty {
            return CheckOutcome(
                stage: .forbidden,
                messages: [
                    "refused: while the check ran, \(changed.count) file(s) outside its scratch folder changed (first: \(changed[0]))"
                ], details: "")
        }
        if records.fingerprint == nil || records.fingerprint == fingerprint {
            return verdict.outcome(result, records: records)
        }
        return nil
    }

    /// The folders a graded answer must leave as they were, checked by the grader around
    /// each run: the lab's exercises (checks, solutions, support) and `watchedFolders`. Not the
    /// student's workspace or progress: the student (saving a file during `lab watch`) and
    /// other `lab` commands (a hint) change those while a check runs; the sandbox alone guards them.
    var watched: (folders: [URL], files: [URL]) {
        ([ExerciseFolder.exercisesFolder(root: root)] + watchedFolders, [])
    }

    /// What the check may reach: the system's and the toolchain's folders, read-only; its
    /// scratch folder; on macOS the lab and the students' folders named as denied.
    func sandboxPolicy() -> Sandbox.Policy {
        let environment = ProcessInfo.processInfo.environment
        let denied =
            [
                root, StudentWorkspace(root: root, environment: environment).folder,
                LabFolder.url(environment: environment),
            ] + protectedFolders
        return Sandbox.Policy(protected: denied.map(\.path))
    }

    /// A lab folder inside a folder the check may read (a clone in /usr/local/src, say):
    /// Landlock cannot deny part of a folder it grants, so its checks and solutions are
    /// readable by the graded code there (still not writable). Said, not hidden.
    func exposureNotes(_ policy: Sandbox.Policy) -> [String] {
        let lab = root.standardizedFileURL.path
        guard
            let folder = policy.readable.first(where: { lab == $0 || lab.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") })
        else { return [] }
        return [
            "the lab folder is inside \(folder), which a check may read: the graded code can read its checks and solutions (not change them). Move the lab elsewhere to close this."
        ]
    }

    /// A check file may open with code the student's file needs (a given type): the part
    /// above `// MARK: - The check` is compiled into the student's module, the rest into the check.
    /// `checkLine` is the line of the check file the check part begins on (the given part begins on 1).
    func checkParts() throws -> (given: String, check: String, checkLine: Int) {
        let text = try String(contentsOf: checkFile, encoding: .utf8)
        guard let marker = text.range(of: "\n// MARK: - The check\n") else {
            return ("// No given code for this exercise.\n", text, 1)
        }
        let before = text[..<marker.lowerBound]
        return (String(before) + "\n", String(text[marker.upperBound...]), before.count { $0 == "\n" } + 3)
    }

    var checkFile: URL { folder.check }

    /// The exercise's check, split as `checkParts()` does, the support every check shares (built
    /// once as a module; its text is part of what a kept check object was compiled from) and the
    /// check's entry point (compiled with each check).
    struct CheckSources: Sendable {
        let given: String
        let check: String
        let support: String
        let main: String
        var checkLine = 1
        /// The answer's module as the check is compiled against it where the exercise declares
        /// the answer's face (`AnswerFace`); nil: against each answer's own module.
        var stub: String? { AnswerFace.stub(ofGiven: given) }
    }

    func checkSources() throws -> CheckSources {
        let parts = try checkParts()
        // Each file under its name: a declaration moved from one file to another is a change too.
        let folder = ExerciseFolder.supportModule(root: root)
        let support = try ExerciseFolder.supportFiles(root: root).map { path in
            "// \(path)\n" + (try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8))
        }.joined(separator: "\n")
        let main = try String(contentsOf: ExerciseFolder.checkMainFile(root: root), encoding: .utf8)
        return CheckSources(
            given: parts.given, check: parts.check, support: support, main: main, checkLine: parts.checkLine)
    }

    /// `line` with a path to a file of the support module's copy in the shared build's package (a
    /// note of the compiler's about a declaration of `CheckSupport`'s) named as the lab's own file
    /// in `folder` (`Exercises/Support/CheckSupport`, as the student sees it).
    static func namingTheSupport(_ line: String, inFolder folder: String) -> String {
        let copy = "/" + BatchToolchain.supportCopyFolder + "/"
        guard let found = line.range(of: copy),
            let name = line[found.upperBound...].split(separator: ":", maxSplits: 1).first,
            name.hasSuffix(".swift")
        else { return line }
        let start =
            line[..<found.lowerBound].lastIndex(where: { $0 == " " || $0 == "'" }).map(line.index(after:))
            ?? line.startIndex
        return String(line[..<start]) + folder + "/" + line[found.upperBound...]
    }

    /// The answer's code with the build's fingerprint, which the check sends back, where the link
    /// cannot write it into the binary (see `BuildFingerprint`).
    static func fingerprinted(_ code: String, fingerprint: String) -> String {
        code + "\n// Added by lab check: proves which build ran.\nlet __labBuildFingerprint = \"\(fingerprint)\"\n"
    }

    static func freshSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(generator.next() as UInt64, radix: 16) }.joined()
    }

    /// The compiler's errors about the student's file, with its real path, cut short. Where
    /// none is about that file (a function the check calls was renamed, say), the output's end,
    /// with each generated file named by the file it was made from (the build's folder is gone
    /// once the check ran).
    func diagnostics(_ output: String, package: URL) -> String {
        let rename = renaming(package: package)
        // The answer's own errors and notes; where it has no error of its own (the check cannot use
        // what it declares: an audit's `actor` where the check reads the state on the main actor),
        // the errors elsewhere too, else its notes would stand alone ("property declared here").
        let answersOwn = Self.errorsInAnswer(output)
        var lines: [String] = []
        var keep = false
        var seen = Set<String>()  // swift build repeats each diagnostic in its summary
        for line in output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.contains(": error: ") || line.contains(": warning: ") || line.contains(": note: ") {
                let wanted = line.contains("Exercise.swift") || (!answersOwn && line.contains(": error: "))
                keep = wanted && !line.contains(": warning: ") && seen.insert(line).inserted
            } else if line.hasPrefix("[") || line.hasPrefix("Building") || line.hasPrefix("error: fatalError")
                || line.hasPrefix("Compiling")
            {
                keep = false
            }
            if keep { lines.append(rename(line)) }
        }
        if lines.isEmpty { lines = output.split(separator: "\n").suffix(20).map { rename(String($0)) } }
        return Self.cut(lines.joined(separator: "\n"), lines: 40)
    }

    /// What the compiler said as it crashed on the answer (`CompilerCrash`), its files named as
    /// `diagnostics` names them.
    func crashDiagnostics(_ output: String, package: URL) -> String {
        CompilerCrash.summary(output, rename: renaming(package: package))
    }

    /// Each generated file's path in a line of the compiler's, as the file it was made from.
    func renaming(package: URL) -> (String) -> String {
        let generated = package.appendingPathComponent("Sources/StudentCode/Exercise.swift").path
        let display = { (url: URL) in StudentWorkspace.displayPath(url, root: root) }
        // The build writes the check part at its own line (BatchBuild), so every line number holds.
        let renamed = [
            (generated, StudentWorkspace(root: root).displayPath(for: exercise)),
            (package.appendingPathComponent("Sources/StudentCode/Given.swift").path, display(checkFile)),
            (package.appendingPathComponent("Sources/check/Check.swift").path, display(checkFile)),
            (
                package.appendingPathComponent("Sources/check/CheckMain.swift").path,
                display(ExerciseFolder.checkMainFile(root: root))
            ),
        ]
        return { line in
            Self.namingTheSupport(
                renamed.reduce(line) { $0.replacingOccurrences(of: $1.0 + ":", with: $1.1 + ":") },
                inFolder: display(ExerciseFolder.supportModule(root: root)))
        }
    }

    /// Whether any compile error is in the answer's own file (else the errors are in the check or
    /// the given code, which cannot use what the answer declares).
    static func errorsInAnswer(_ output: String) -> Bool {
        output.split(separator: "\n").contains { $0.contains(": error: ") && $0.contains("Exercise.swift:") }
    }

    /// Whether any compile error points into the generated package (not the lab's library).
    static func errorsInPackage(_ output: String, package: URL) -> Bool {
        let roots = [package.path, package.resolvingSymlinksInPath().path]
        return output.split(separator: "\n").contains { line in
            line.contains(": error: ") && roots.contains { line.hasPrefix($0) }
        }
    }

    static func cut(_ text: String, lines limit: Int) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.count > 300 ? String($0.prefix(300)) + " …" : String($0)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard lines.count > limit else { return lines.joined(separator: "\n") }
        return (lines.prefix(limit) + ["… (\(lines.count - limit) more lines cut)"]).joined(separator: "\n")
    }

}

struct ProcessOutput {
    let status: Int32
    let crashed: Bool
    let timedOut: Bool
    let output: String
}

/// Runs a program, output and errors together, stopping it after `timeout` seconds.
func run(_ executable: String, _ arguments: [String], timeout: Double) throws -> ProcessOutput {
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    let result = try ProcessCapture.run(
        URL(fileURLWithPath: executable), arguments, environment: environment,
        timeout: timeout, mergeErrors: true)
    return ProcessOutput(
        status: result.status, crashed: result.crashed, timedOut: result.timedOut, output: result.standardOutput)
}
