import Foundation
import Testing

/// Every way to call the lab wrongly: a clear line first, exit status 2, nothing on stdout.
@Suite("Command-line error paths")
struct ErrorPathTests {
    static let cases = everywhere + placesNothingCanBeMade

    static let everywhere: [(product: String, arguments: [String], mentions: String)] = [
        ("sync-vs-async", ["--bogus"], "unknown option '--bogus'"),
        ("sync-vs-async", ["--trac"], "did you mean '--trace'"),
        ("sync-vs-async", ["--variant", "blockng"], "did you mean 'blocking'"),
        ("sync-vs-async", ["--variant"], "needs a value"),
        ("sync-vs-async", ["--scale", "fast"], "invalid value 'fast'"),
        ("sync-vs-async", ["--scale", "0"], "invalid value '0'"),
        ("sync-vs-async", ["--seed", "-3"], "invalid value '-3'"),
        ("sync-vs-async", ["--real-time", "--scale", "1"], "--real-time"),
        ("sync-vs-async", ["--trace-out", "/no/such/folder/t.json"], "existing folder"),
        ("task-groups", ["--html", "/no/such/folder/page.html"], "existing folder"),
        ("task-groups", ["--html", "/"], "invalid value '/' for '--html'"),
        ("lab", ["pages", "--out", "/no/such/folder/pages"], "existing, writable folder"),
        ("lab", ["pages", "--out", "/etc/passwd"], "expected a folder"),
        ("sync-vs-async", ["extra"], "unexpected argument 'extra'"),
        ("lab", ["lsit"], "did you mean 'list'"),
        ("lab", ["run"], "missing lesson name"),
        ("lab", ["run", "sync-vs-asyn"], "did you mean 'sync-vs-async'"),
        ("lab", ["run", "invntory"], "did you mean 'inventory'"),
        ("lab", ["run", "sync-vs-async", "--bogus"], "unknown option '--bogus'"),
        ("lab", ["help", "nothing"], "unknown command 'nothing'"),
        ("lab", ["list", "--bogus"], "unknown option '--bogus'"),
        ("lab", ["doctor", "extra"], "unexpected argument 'extra'"),
        ("main-actor", ["--live"], "needs an interactive terminal"),
        ("lab", ["check", "99"], "unknown exercise '99'"),
        ("lab", ["check", "asynclet-rovers"], "did you mean '03-async-let-rovers'"),
        ("lab", ["hint", "nope"], "unknown exercise 'nope'"),
        ("lab", ["reset"], "missing EXERCISE"),
        ("lab", ["progress", "--jsn"], "did you mean '--json'"),
        ("lab", ["bench", "--format", "pdf"], "invalid value 'pdf'"),
        ("lab", ["bench", "nosuch"], "no suite matches 'nosuch'"),
        ("lab", ["grade"], "missing PATH"),
        ("lab", ["stress", "--runs", "3"], "missing -- COMMAND"),
        ("lab", ["stress", "--runs", "0", "--", "true"], "invalid value '0' for '--runs'"),
        ("lab", ["stress", "--runs", "many", "--", "true"], "invalid value 'many' for '--runs'"),
        ("lab", ["stress", "--load", "heavy", "--", "true"], "invalid value 'heavy' for '--load'"),
        ("lab", ["stress", "--rns", "3", "--", "true"], "did you mean '--runs'"),
        ("lab", ["stress", "--", "no-such-program-here"], "no program 'no-such-program-here' found"),
        ("lab", ["stress", "--", "/no/such/program"], "no program at '/no/such/program'"),
        ("lab", ["exercises", "--verify", "99"], "unknown exercise '99'"),
        ("lab", ["exercises", "99"], "unknown exercise '99'"),
        ("lab", ["grade", "/no/such/student"], "is not a student's folder"),
        ("lab", ["grade", "", "--out", "/tmp/lab-error-paths-empty-name"], "an empty name is not a student's folder"),
        ("lab", ["grade", "--jobs", "0", "Exercises"], "invalid value '0' for '--jobs'"),
        ("lab", ["grade", "--jobs", "2.7", "Exercises"], "invalid value '2.7' for '--jobs'"),
        ("lab", ["grade", "--jbs", "2"], "did you mean '--jobs'"),
        ("lab", ["hint", "--verify"], "unknown option '--verify'"),
        ("lab", ["exercises", "--replace"], "'--replace' only goes with --write-answers"),
        ("lab", ["bench", "--processes", "2.7"], "expected a whole number from 1 to 16"),
        ("lab", ["bench", "--samples", "2"], "invalid value '2' for '--samples'"),
        ("sync-vs-async", ["--seed", "1", "--seed", "2"], "was given twice"),
        ("sync-vs-async", ["--all", "--variant", "blocking"], "cannot be used together"),
        ("inventory", ["list", "--store"], "needs a value"),
        // One grammar for a lesson and the command its executable also runs.
        ("main-actor", ["--quiet", "--live"], "needs an interactive terminal"),
        ("main-actor", ["--live", "--variant", "blocking"], "cannot be used together"),
        ("main-actor", ["--liv"], "did you mean '--live'"),
        ("inventory", ["lst"], "did you mean 'list'"),
        ("inventory", ["--store", "elsewhere.sqlite", "--all"], "cannot be used together"),
        ("inventory", ["--store", "elsewhere.sqlite"], "missing command"),
        ("inventory", ["--ignore-case", "--variant", "flow"], "cannot be used together"),
        // Accepted silently before, or reported as something else.
        ("lab", ["stress", "--runs", "2", "--load", "none,none", "--", "true"], "'none' is given twice"),
        ("lab", ["stress", "--runs", "1", "--load", "none,busy", "--", "true"], "one run per load"),
        ("lab", ["stress", "--runs", "2", "--load", "none", "--", "/"], "'/' is a folder, not a program"),
        ("lab", ["bench", "--format", "md,,json"], "none empty"),
        ("lab", ["bench", "--compare", "/nonexist.json", "--compare", "x"], "no results file at /nonexist.json"),
        ("lab", ["grade", "Exercises", "--out", "/etc/passwd"], "'/etc/passwd' for '--out': expected a folder"),
        (
            "lab",
            ["bench", "harness overhead", "--allow-debug", "--quick", "--format", "json", "--out", "/etc/passwd"],
            "'/etc/passwd' for '--out': expected a folder"
        ),
        ("lab", ["help", "--bogus"], "(see lab help --help)"),
        ("sync-vs-async", ["--json", "--trace"], "'--json' and '--trace' cannot be used together"),
        ("sync-vs-async", ["--json", "--tree"], "'--json' and '--tree' cannot be used together"),
        ("sync-vs-async", ["--json", "--steps"], "'--json' and '--steps' cannot be used together"),
        ("sync-vs-async", ["--list", "--variant", "blocking"], "'--list' and '--variant' cannot be used together"),
        ("sync-vs-async", ["--list", "--json"], "'--list' and '--json' cannot be used together"),
        (
            "sync-vs-async", ["--html", "/tmp/same.x", "--trace-out", "/tmp/./same.x"],
            "another file than --trace-out's"
        ),
        ("inventory", ["--ignore-case", "list"], "'--ignore-case' only goes with search"),
        ("inventory", ["add", "Milk"], "missing QUANTITY, e.g. inventory add Milk 2"),
        ("inventory", ["list", "--store", "/nonexist/x.sqlite"], "the folder /nonexist does not exist"),
        ("inventory", ["list", "--store", "/"], "/ is a folder, not an inventory database"),
    ]

    /// A folder that is there but takes no new file: refused before the run, not after its output.
    static var placesNothingCanBeMade: [(product: String, arguments: [String], mentions: String)] {
        #if os(Linux)
            [
                ("sync-vs-async", ["--trace-out", "/proc/lab-trace.json"], "can be written (here: no such file"),
                ("task-groups", ["--html", "/proc/page.html"], "a file that can be written"),
                ("lab", ["run", "actors", "--variant", "build-message", "--trace-out", "/proc/x"], "can be written"),
            ]
        #else
            []
        #endif
    }

    @Test(arguments: cases.indices)
    func badInputGetsOneClearLineAndExitStatusTwo(index: Int) async throws {
        let (product, arguments, mentions) = Self.cases[index]
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lab-errors-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = try await ProcessRunner.run(product, arguments, environment: ["CONCURRENCY_LAB_HOME": home])
        let lines = result.standardError.split(separator: "\n")
        expectEqual(result.status, 2, "\(product) \(arguments): status \(result.status)")
        expectEqual(lines.first?.contains("error:"), true, "first line: \(lines.first ?? "")")
        expectEqual(lines.first?.contains(mentions), true, "expected '\(mentions)' in: \(result.standardError)")
        expectEqual(lines.count, 1, "one line, the help's pointer in it: \(result.standardError)")
        expect(result.standardOutput.isEmpty, "nothing half-printed on stdout")
        expectNotContains(result.standardError, "Fatal error", "never a crash")
    }
}

/// A solution opens only after the exercise is solved.
@Suite("Classroom commands")
struct ClassroomCommandTests {
    /// Two different students' folders with one name are not "given twice": the line says which.
    @Test func twoFoldersWithOneNameAreToldApartFromOneFolderTwice() async throws {
        let folder = try freshTemporaryFolder("lab-alike")
        defer { try? FileManager.default.removeItem(at: folder) }
        for group in ["a", "b"] {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("\(group)/Zoë"), withIntermediateDirectories: true)
            try Data("func f() {}\n".utf8).write(
                to: folder.appendingPathComponent("\(group)/Zoë/01-suspend-not-block.swift"))
        }
        let environment = ["CONCURRENCY_LAB_HOME": folder.appendingPathComponent("home").path]
        let out = folder.appendingPathComponent("out").path
        let (a, b) = (folder.appendingPathComponent("a/Zoë").path, folder.appendingPathComponent("b/Zoë").path)
        let alike = try await ProcessRunner.run("lab", ["grade", a, b, "--out", out], environment: environment)
        expectEqual(alike.status, 2)
        expectContains(alike.standardError, "are both named Zoë")
        expectNotContains(alike.standardError, "given twice")
        let twice = try await ProcessRunner.run("lab", ["grade", a, a + "/", "--out", out], environment: environment)
        expectEqual(twice.status, 2)
        expectContains(twice.standardError, "Zoë is given twice")
        expect(!FileManager.default.fileExists(atPath: out), "no report begun")
    }

    @Test func theSolutionIsWithheldUntilSolved() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lab-class-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = try await ProcessRunner.run(
            "lab", ["solution", "03"], environment: ["CONCURRENCY_LAB_HOME": home])
        expectEqual(result.status, 1)
        expectContains(result.standardError, "solve '03-async-let-rovers' first")
        expect(result.standardOutput.isEmpty)
    }

    @Test(arguments: ["grade", "reset", "check", "exercises"])
    func helpIsShownWithoutTheRequiredArgument(command: String) async throws {
        let result = try await ProcessRunner.run("lab", [command, "--help"])
        expectEqual(result.status, 0, "\(result.standardError)")
        expect(
            result.standardOutput.contains("lab \(command)") && result.standardError.isEmpty, "\(result.standardOutput)"
        )
    }

    @Test func exercisesWithANumberListsThatOne() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lab-class-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let environment = ["CONCURRENCY_LAB_HOME": home, "CONCURRENCY_LAB_WORK": home + "/work"]
        let one = try await ProcessRunner.run("lab", ["exercises", "03"], environment: environment)
        let all = try await ProcessRunner.run("lab", ["exercises"], environment: environment)
        expect(one.status == 0 && all.status == 0, "\(one.standardError)")
        expectContains(one.standardOutput, "03-async-let-rovers")
        // Whole ids: the temporary folder's UUID, printed too, can contain "04-".
        expectNotContains(one.standardOutput, "04-group-manifests", "\(one.standardOutput)")
        expectContains(all.standardOutput, "04-group-manifests")
    }

    @Test func theLastHintDoesNotPromiseAnother() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lab-class-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        var outputs: [String] = []
        for _ in 0..<4 {
            outputs.append(
                try await ProcessRunner.run("lab", ["hint", "03"], environment: ["CONCURRENCY_LAB_HOME": home])
                    .standardOutput
            )
        }
        expectContains(outputs[0], "ask again")
        expect(
            outputs[2].contains("(3 of 3; that is the last one)") && !outputs[2].contains("ask again"), "\(outputs[2])")
        expectContains(outputs[3], "(3 of 3; that is the last one)")
    }

    @Test func hintsGetMoreSpecificEachTime() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lab-class-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let first = try await ProcessRunner.run("lab", ["hint", "03"], environment: ["CONCURRENCY_LAB_HOME": home])
            .standardOutput
        let second = try await ProcessRunner.run("lab", ["hint", "03"], environment: ["CONCURRENCY_LAB_HOME": home])
            .standardOutput
        expect(first.contains("(1 of 3") && second.contains("(2 of 3"))
        expectAbove(second.count, first.count)
    }

    @Test func progressExportsJSONForATeacher() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lab-class-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = try await ProcessRunner.run(
            "lab", ["progress", "--json"], environment: ["CONCURRENCY_LAB_HOME": home])
        let root = try unwrap(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        expect(root["schema"] as? String == "concurrency-lab.progress/1")
        expect((root["exercises"] as? [[String: Any]])?.count == root["total"] as? Int)
    }

    @Test func resetKeepsTheStudentsVersion() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lab-class-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("lab-work-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let environment = ["CONCURRENCY_LAB_HOME": home, "CONCURRENCY_LAB_WORK": work.path]
        // First use makes the student's copies (outside the files git tracks).
        #expect(try await ProcessRunner.run("lab", ["exercises"], environment: environment).status == 0)
        let file = work.appendingPathComponent("02-task-bridge/02-task-bridge.swift")
        let starting = try String(
            contentsOf: root.appendingPathComponent("Exercises/02-task-bridge/starter.swift"), encoding: .utf8)
        try expectEqual(String(contentsOf: file, encoding: .utf8), starting)
        expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("Package.swift").path))
        try (starting + "\n// my attempt\n").write(to: file, atomically: true, encoding: .utf8)
        let result = try await ProcessRunner.run("lab", ["reset", "02"], environment: environment)
        expectEqual(result.status, 0)
        try expectEqual(String(contentsOf: file, encoding: .utf8), starting)
        let backups = try FileManager.default.contentsOfDirectory(atPath: home + "/backups")
        expect(backups.count == 1 && backups[0].hasPrefix("02-task-bridge"))
        // A second reset at once (within the second) keeps both saved versions.
        try (starting + "\n// my second attempt\n").write(to: file, atomically: true, encoding: .utf8)
        #expect(try await ProcessRunner.run("lab", ["reset", "02"], environment: environment).status == 0)
        let saved = try FileManager.default.contentsOfDirectory(atPath: home + "/backups").map {
            try String(contentsOfFile: home + "/backups/" + $0, encoding: .utf8)
        }
        expectEqual(saved.count, 2, "\(saved.count) backups")
        expect(
            saved.contains { $0.hasSuffix("// my attempt\n") }
                && saved.contains { $0.hasSuffix("// my second attempt\n") })
        // A second `lab exercises` leaves the student's file alone.
        try (starting + "\n// again\n").write(to: file, atomically: true, encoding: .utf8)
        _ = try await ProcessRunner.run("lab", ["exercises"], environment: environment)
        try expect(try String(contentsOf: file, encoding: .utf8).hasSuffix("// again\n"))
    }

    /// A FIFO where a file should be never makes a command wait for a writer: `lab reset` read the
    /// student's file with `Data(contentsOf:)`, and each command's refresh of the lab's own files
    /// in the folder (`Given.swift`) read them so too. Reset refuses, in one line, and leaves the
    /// FIFO; the refresh replaces the lab's file.
    @Test func aFIFOInTheStudentsFolderNeverHangsACommand() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lab-class-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("lab-work-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let environment = ["CONCURRENCY_LAB_HOME": home, "CONCURRENCY_LAB_WORK": work.path]
        #expect(try await ProcessRunner.run("lab", ["exercises"], environment: environment).status == 0)
        let file = work.appendingPathComponent("02-task-bridge/02-task-bridge.swift")
        let given = work.appendingPathComponent("02-task-bridge/Given.swift")
        for fifo in [file, given] {
            try FileManager.default.removeItem(at: fifo)
            try #require(mkfifo(fifo.path, 0o600) == 0)
        }
        let reset = try await ProcessRunner.run("lab", ["reset", "02"], environment: environment, timeout: 60)
        expectEqual(reset.status, 2, reset.standardError)
        expectEqual(reset.standardError.split(separator: "\n").count, 1, reset.standardError)
        expectContains(reset.standardError, "not a file of code")
        var status = stat()
        #expect(lstat(file.path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "the student's FIFO is left")
        #expect(!FileManager.default.fileExists(atPath: home + "/backups"))
        // The lab's own file is written again in the FIFO's place.
        #expect(try await ProcessRunner.run("lab", ["exercises"], environment: environment, timeout: 60).status == 0)
        #expect(lstat(given.path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG)
        expectContains(try String(contentsOf: given, encoding: .utf8), "Given by the exercise")
    }
}

/// `lab bench --processes N` measures in worker processes; one that fails must stop the run
/// with its reason, not be replaced quietly by a measurement in the parent process.
@Suite("lab bench worker failures")
struct BenchWorkerFailureTests {
    @Test(arguments: [
        ("/bin/false", "exited with status 1"), ("/bin/true", "printed something that is not a lab bench results file"),
    ])
    func aFailedWorkerIsReportedAndNothingIsWritten(host: String, reason: String) async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("lab-bench-worker-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try await ProcessRunner.run(
            "lab",
            [
                "bench", "harness overhead", "--processes", "2", "--allow-debug", "--quick",
                "--format", "md", "--out", out.path,
            ],
            environment: ["CONCURRENCY_LAB_DEMO_HOST": host])
        expectEqual(result.status, 4)
        // The last line: a progress bar on standard error comes before it.
        expectEqual(
            result.standardError.split(separator: "\n").last,
            "lab bench: error: worker process 1 of 2 \(reason). Nothing was measured in its place and no report was written"
        )
        expect(!FileManager.default.fileExists(atPath: out.path), "no report")
    }
}
