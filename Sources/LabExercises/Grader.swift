import Foundation
import LabCore

/// Grades one exercise: reviews the student's file by its tokens, compiles it as
/// its own module beside the exercise's check in a separate package (so a broken
/// exercise never breaks the lab), runs the check in a sandbox, and reads the
/// verdicts from the check's private channel only.
public struct Grader: Sendable {
    public let root: URL
    public let exercise: Exercise

    /// Where the generated package and its build live (`.build-exercises` in the lab folder).
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

    var exercisesFolder: URL { root.appendingPathComponent("Exercises") }
    /// The student's working copy (see `StudentWorkspace`).
    public var studentFile: URL { StudentWorkspace(root: root).file(for: exercise) }
    public var solutionFile: URL {
        exercisesFolder.appendingPathComponent("Solutions").appendingPathComponent(exercise.fileName)
    }
    /// The starting file: the repository's one copy of the exercise.
    public var originalFile: URL { exercisesFolder.appendingPathComponent(exercise.fileName) }

    /// Grades `source` (the student's file unless another is given, e.g. the solution).
    /// The whole grade holds the build folder's lock: two checks at once (say
    /// `lab watch` and `lab check`) take turns instead of grading each other's binary.
    /// `scan: false` skips the token review (CI proves each starting file fails by its behaviour alone).
    ///
    /// The grade waits for a lock, a build and a sandboxed run (up to ten minutes), so it runs
    /// on a thread of its own while the calling task suspends: on the cooperative pool it would
    /// hold one of its few threads (half of them on two cores) for all that time.
    public func grade(
        source: URL? = nil, scan: Bool = true, limits: Sandbox.Limits? = nil, onWait: (@Sendable () -> Void)? = nil,
        onBuildStart: (@Sendable () -> Void)? = nil
    ) async -> CheckOutcome {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(
                    returning: gradeBlocking(
                        source: source, scan: scan, limits: limits, onWait: onWait,
                        onBuildStart: onBuildStart))
            }
            thread.name = "lab grade \(exercise.id)"
            thread.start()
        }
    }

    /// The same grade on the calling thread, which it holds for the build and the run
    /// (`grade` runs it on a thread of its own; `lab grade` runs one per worker thread, off the cooperative pool).
    public func gradeBlocking(
        source: URL? = nil, scan: Bool = true, limits: Sandbox.Limits? = nil, onWait: (@Sendable () -> Void)? = nil,
        onBuildStart: (@Sendable () -> Void)? = nil
    ) -> CheckOutcome {
        let file = source ?? studentFile
        guard let code = try? String(contentsOf: file, encoding: .utf8) else {
            return CheckOutcome(
                stage: .compile, messages: ["cannot read \(StudentWorkspace.displayPath(file, root: root))"],
                details: "")
        }
        // Read once: the scan and the generated package both use them.
        let sources = try? checkSources()
        let findings = scan ? review(code, sources: sources) : []
        if !findings.isEmpty {
            return CheckOutcome(stage: .forbidden, messages: findings.map(\.description), details: "")
        }
        var limits = limits ?? Sandbox.Limits()
        limits.wallSeconds = min(limits.wallSeconds, exercise.timeLimitSeconds)
        do {
            return try FileLock.withLock(at: workFolder.appendingPathComponent("grading.lock"), onWait: onWait) {
                try buildAndRun(
                    code, sources: try sources ?? checkSources(), limits: limits, onBuildStart: onBuildStart)
            }
        } catch {
            return CheckOutcome(stage: .compile, messages: ["\(ExerciseError.toolchain("\(error)"))"], details: "")
        }
    }

    /// The scan: forbidden escape hatches, imports, and declarations that would shadow
    /// a name the check uses (unless the starting file declares that name too).
    public func review(_ code: String) -> [SourceScanner.Finding] { review(code, sources: try? checkSources()) }

    func review(_ code: String, sources: CheckSources?) -> [SourceScanner.Finding] {
        let parts = sources ?? CheckSources(given: "", check: "", support: "")
        let original = (try? String(contentsOf: originalFile, encoding: .utf8)) ?? ""
        // Names the check looks up unqualified; `x.name` is a member lookup that a top-level declaration cannot shadow.
        let checkTokens = SwiftTokenizer.tokens(of: parts.check + "\n" + parts.support)
        let reserved = Set(
            checkTokens.indices.filter {
                checkTokens[$0].kind == .identifier && ($0 == 0 || checkTokens[$0 - 1].text != ".")
            }
            .map { checkTokens[$0].text })
        let starting = Set(SourceScanner.topLevelDeclarations(in: SwiftTokenizer.tokens(of: original)).map(\.name))
        let given = Set(SourceScanner.topLevelDeclarations(in: SwiftTokenizer.tokens(of: parts.given)).map(\.name))
        return SourceScanner.findings(
            in: code, forbidden: exercise.forbidden, reservedNames: reserved,
            allowedDeclarations: starting.union(given), extendableTypes: starting)
    }

    func buildAndRun(
        _ code: String, sources: CheckSources, limits: Sandbox.Limits, onBuildStart: (@Sendable () -> Void)?
    ) throws -> CheckOutcome {
        // The build's fingerprint rides in the student's module and the check sends it
        // back, proving the binary that ran was built from *this* code. (Seen here: a verify
        // run graded a mistake with the previous answer's module, built seconds before.)
        let fingerprint = Self.freshSecret()
        let package = try preparePackage(
            studentCode: code
                + "\n// Added by lab check: proves which build ran.\nlet __labBuildFingerprint = \"\(fingerprint)\"\n",
            sources: sources)
        onBuildStart?()
        for attempt in 1...3 {
            // TMPDIR inside the build folder: SwiftPM leaves folders in it on every build (see BuildTemporaryFolder).
            let build = try BuildTemporaryFolder.using(in: workFolder) { temporary in
                try run(
                    "/usr/bin/env",
                    [
                        "TMPDIR=\(temporary.path)", "swift", "build", "--package-path", package.path,
                        "--scratch-path", workFolder.appendingPathComponent("scratch").path,
                        "--product", "check",
                    ], timeout: 600)
            }
            guard build.status == 0 else {
                if attempt < 3 && build.output.contains("link command failed") {
                    forgetStudentObjects()  // a half-updated build folder; compile afresh
                    continue
                }
                // No error in the generated package's own files (the student's code, Given.swift,
                // the check): the lab's library or the build folder failed, not the student. Seen
                // here on the first check after the lab's sources changed (a `git pull`): start
                // the build folder afresh once, and never blame the student for it.
                if !Self.errorsInPackage(build.output, package: package) {
                    guard attempt == 1 else {
                        throw ExerciseError.toolchain(
                            "the lab's own code did not build for the check:\n" + Self.cut(build.output, lines: 20))
                    }
                    try? FileManager.default.removeItem(at: workFolder.appendingPathComponent("scratch"))
                    continue
                }
                return CheckOutcome(
                    stage: .compile, messages: ["\(exercise.fileName) does not compile yet"],
                    details: diagnostics(build.output, package: package))
            }
            let binary = workFolder.appendingPathComponent("scratch/debug/check")
            // The compiled module, read by the grader: whatever the source spelled, no code of
            // the answer's may run before the check does, replace a C function, or call around Swift.
            let module = ModuleInspection.findings(
                inObjectsUnder: workFolder.appendingPathComponent("scratch/debug/StudentCode.build"))
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
            forgetStudentObjects()
        }
        throw ExerciseError.toolchain(
            "the build kept running an old copy of your code; delete the .build-exercises folder and check again")
    }

    /// The folders a graded answer must leave as they were, checked by the grader around
    /// each run: the lab's exercises (checks, solutions, support) and `watchedFolders`. Not the
    /// student's workspace or progress: the student (saving a file during `lab watch`) and
    /// other `lab` commands (a hint) change those while a check runs; the sandbox alone guards them.
    var watched: (folders: [URL], files: [URL]) {
        ([exercisesFolder] + watchedFolders, [])
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

    /// Removes the compiled student module and the check (objects, dependency records,
    /// module files) but not the build plan, so the next build compiles them again.
    func forgetStudentObjects() {
        let debug = workFolder.appendingPathComponent("scratch/debug")
        var stale = [debug.appendingPathComponent("check")]
        for folder in ["StudentCode.build", "check.build", "Modules"] {
            let directory = debug.appendingPathComponent(folder)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            where
                (folder == "Modules"
                ? name.hasPrefix("StudentCode.") || name.hasPrefix("check.")
                : name.hasSuffix(".o") || name.contains(".swiftdeps") || name.hasSuffix(".d"))
            {
                stale.append(directory.appendingPathComponent(name))
            }
        }
        for url in stale { try? FileManager.default.removeItem(at: url) }
    }

    var checksFolder: URL { exercisesFolder.appendingPathComponent("Checks") }

    /// A check file may open with code the student's file needs (a given type): the part
    /// above `// MARK: - The check` is compiled into the student's module, the rest into the check.
    func checkParts() throws -> (given: String, check: String) {
        let text = try String(contentsOf: checksFolder.appendingPathComponent(exercise.fileName), encoding: .utf8)
        guard let marker = text.range(of: "\n// MARK: - The check\n") else {
            return ("// No given code for this exercise.\n", text)
        }
        return (String(text[..<marker.lowerBound]) + "\n", String(text[marker.upperBound...]))
    }

    /// The exercise's check, split as `checkParts()` does, and the support every check shares.
    struct CheckSources {
        let given: String
        let check: String
        let support: String
    }

    func checkSources() throws -> CheckSources {
        let parts = try checkParts()
        let support = try String(contentsOf: checksFolder.appendingPathComponent("Support.swift"), encoding: .utf8)
        return CheckSources(given: parts.given, check: parts.check, support: support)
    }

    static func freshSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(generator.next() as UInt64, radix: 16) }.joined()
    }

    /// Writes the generated package: the student's code as its own module (`StudentCode`),
    /// the check's private channel (a C module), and the check, which imports both.
    /// Files are written only when they change, so a warm check recompiles only what did.
    func preparePackage(studentCode: String, sources: CheckSources? = nil) throws -> URL {
        let package = workFolder.appendingPathComponent("package")
        let parts = try sources ?? checkSources()
        let studentLibraries = LabLibraries.dependencies(LabLibraries.imported(by: [studentCode, parts.given]))
        let checkLibraries = LabLibraries.dependencies(
            LabLibraries.imported(by: [parts.check, parts.support]), after: ["\"StudentCode\"", "\"CheckChannel\""])
        let manifest = """
            // swift-tools-version: 6.2
            // Generated by `lab check`: builds one exercise with its check. Do not edit.
            import PackageDescription
            let package = Package(
                name: "ExerciseCheck",
                platforms: [.macOS(.v15)],
                dependencies: [.package(name: "ConcurrencyLab", path: "\(root.path)")],
                targets: [
                    .target(name: "StudentCode", dependencies: \(studentLibraries)\(exercise.studentSwiftSettings)),
                    .target(name: "CheckChannel"),
                    .executableTarget(name: "check", dependencies: \(checkLibraries)),
                ],
                swiftLanguageModes: [.v6]
            )
            """
        let checks = checksFolder
        func copy(_ from: URL) throws -> Data { try Data(contentsOf: from) }
        let files: [(String, Data)] = [
            ("Package.swift", Data(manifest.utf8)),
            ("Sources/StudentCode/Exercise.swift", Data(studentCode.utf8)),
            ("Sources/StudentCode/Given.swift", Data(parts.given.utf8)),
            ("Sources/CheckChannel/CheckChannel.c", try copy(checks.appendingPathComponent("Channel/CheckChannel.c"))),
            (
                "Sources/CheckChannel/include/CheckChannel.h",
                try copy(checks.appendingPathComponent("Channel/include/CheckChannel.h"))
            ),
            ("Sources/check/Check.swift", Data(parts.check.utf8)),
            ("Sources/check/Support.swift", Data(parts.support.utf8)),
        ]
        for (path, data) in files {
            let url = package.appendingPathComponent(path)
            if (try? Data(contentsOf: url)) != data { try AtomicFile.write(data, to: url) }
        }
        // Anything else under Sources/ (an earlier lab's layout, a stray file) would be
        // compiled into a module and could shadow the student's declarations: remove it.
        let wanted = Set(files.map { package.appendingPathComponent($0.0).standardizedFileURL.path })
        let sources = package.appendingPathComponent("Sources")
        for case let url as URL in FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
            ?? .init()
        where !url.hasDirectoryPath && !wanted.contains(url.standardizedFileURL.path) {
            try FileManager.default.removeItem(at: url)
        }
        return package
    }

    /// The compiler's errors about the student's file, with its real path, cut short.
    func diagnostics(_ output: String, package: URL) -> String {
        let generated = package.appendingPathComponent("Sources/StudentCode/Exercise.swift").path
        var lines: [String] = []
        var keep = false
        var seen = Set<String>()  // swift build repeats each diagnostic in its summary
        for line in output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.contains(": error: ") || line.contains(": warning: ") || line.contains(": note: ") {
                keep = line.contains("Exercise.swift") && !line.contains(": warning: ") && seen.insert(line).inserted
            } else if line.hasPrefix("[") || line.hasPrefix("Building") || line.hasPrefix("error: fatalError")
                || line.hasPrefix("Compiling")
            {
                keep = false
            }
            if keep {
                lines.append(
                    line.replacingOccurrences(
                        of: generated, with: StudentWorkspace(root: root).displayPath(for: exercise)))
            }
        }
        if lines.isEmpty { lines = output.split(separator: "\n").suffix(20).map(String.init) }
        return Self.cut(lines.joined(separator: "\n"), lines: 40)
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
