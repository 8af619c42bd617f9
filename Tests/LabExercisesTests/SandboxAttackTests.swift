#if os(Linux)
    import Foundation
    import Testing
    @testable import LabExercises
    @testable import LabCore

    /// What confinement this machine gives a check, asked once.
    enum SandboxProbe {
        /// Whether a check gets every layer the attacks are refused by.
        static let fullyConfined: Bool = {
            guard
                let result = try? Sandbox.run(URL(fileURLWithPath: "/bin/true"), header: "x", limits: Sandbox.Limits())
            else { return false }
            let abi =
                result.confinement.split(separator: " ").first { $0.hasPrefix("landlock=") }.flatMap {
                    Int($0.dropFirst(9))
                } ?? 0
            return abi >= 6 && result.confinement.contains("seccomp=1")
        }()
    }

    /// Issue 32's attacks on the grader (Tests/LabExercisesTests/Attacks/*.swift.template: answers with
    /// placeholders the test fills in, so not Swift a formatter could read), graded by the real
    /// grader with the scan off, so that what refuses them is the sandbox and the grader's own
    /// facts, not the scan. Each must be refused, change no file outside its scratch folder,
    /// forge no progress, and leave no process behind.
    /// All of them are one batch, as `lab grade` grades a class: built side by side, then run
    /// side by side, so each attack is also one that its neighbours' verdicts must survive (and
    /// the suite waits for one batch, not one per attack). `lab check`'s path is the same engine with a
    /// batch of one (CheckAsBatchOfOneTests).
    /// Linux only: the attacks are written against Linux's /proc and C library, and the
    /// layers they test are Landlock and seccomp.
    @Suite(
        "Attacks on the grader are refused",
        .enabled(
            if: SandboxProbe.fullyConfined,
            "this kernel lacks Landlock signal scoping (ABI 6) or seccomp: see docs/THREAT-MODEL.md"))
    struct SandboxAttackTests {
        static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        static let exercise = TestLab.catalog.exercise(named: "02")!

        struct Attack: Sendable, CustomStringConvertible {
            let file: String
            /// Words the verdict must contain (the refusal named), or nil where the kernel refuses
            /// silently (EACCES) and the answer then simply fails its check.
            let verdict: String?
            /// What the attack's own output must show the kernel answered.
            let refusedInOutput: [String]
            /// Whether the grader reads the compiled module before the run. Off for the attacks on
            /// the sandbox's layers: their C calls would be refused before running (the module may
            /// use only the compiler's C names), and they prove what the kernel refuses on its own.
            var inspected = true
            var description: String { file }
        }

        static let attacks = [
            Attack(file: "before-main.swift", verdict: "code that runs before the check starts", refusedInOutput: []),
            // /proc/self/mem opens (Dispatch needs /proc), but the secret's page is memfd_secret memory it cannot read.
            Attack(
                file: "proc-mem.swift", verdict: nil,
                refusedInOutput: [
                    "ATTACK proc-mem: maps opened, mem opened", "cannot read /secretmem", "candidate secrets",
                ], inspected: false),
            Attack(
                file: "parent-output.swift", verdict: nil,
                refusedInOutput: ["fd/1 Permission denied", "progress Permission denied", "Operation not permitted"],
                inspected: false),
            Attack(
                file: "rewrite-files.swift", verdict: nil,
                refusedInOutput: [
                    "the checks' support Permission denied", "own file Permission denied",
                    "outside scratch Permission denied",
                ], inspected: false),
            // Refused twice over: the compiled module's call to setsid() (before running), and seccomp
            // (SandboxTests proves that one alone).
            Attack(file: "setsid.swift", verdict: "setsid()", refusedInOutput: []),
            // The support module is built once and linked into every check: its code is there to call.
            Attack(file: "check-by-symbol.swift", verdict: "a reference to the check's own code", refusedInOutput: []),
            Attack(
                file: "replace-check-code.swift", verdict: "a definition of the check's own code", refusedInOutput: []),
            Attack(
                file: "stray.swift", verdict: "running after the check ended",
                refusedInOutput: ["ATTACK stray: started"], inspected: false),
            // A raw pointer into the secret's page (memfd_secret stops /proc/self/mem, not a pointer):
            // the compiled module calls C functions no answer may use, so it never runs.
            Attack(file: "secret-by-pointer.swift", verdict: "a call to fopen()", refusedInOutput: []),
            Attack(
                file: "runtime-hook.swift", verdict: "C-named function or variable '_swift_runtime_on_report'",
                refusedInOutput: []),
            // What the lab's libraries hold that reaches files (`LabLibraryAccess`): the compiled
            // module names it however the source spelled it, so it never runs.
            Attack(
                file: "lab-libraries.swift", verdict: "a use of LabStorage's SQLiteConnection.removeFiles",
                refusedInOutput: []),
            // The lab's own files and processes: modules the checks' build does not hold ("no such
            // module 'LabFiles'").
            Attack(file: "lab-own-modules.swift", verdict: "does not compile", refusedInOutput: []),
            // Foundation's files however spelled (`Data.init` as a value, an instance's `write`): the
            // compiled module names them (`FoundationAccess`), so it never runs.
            Attack(
                file: "foundation-by-value.swift", verdict: "a use of Foundation's Data.write(to:)",
                refusedInOutput: []),
            // Helper 121's audit: a pointer from the standard library's underscored API, whose type is
            // never written, found `write` in the executable's tables and sent forged passes through a
            // closure whose code pointer it replaced; pointers made by a parameter's type, and `%s`.
            // The compiled module carries each pointer type in a symbol, so it never runs.
            Attack(
                file: "raw-memory.swift",
                verdict: "raw memory (UnsafeMutablePointer) in Swift.Array._baseAddressIfContiguous",
                refusedInOutput: []),
            Attack(
                file: "raw-memory-by-parameter.swift", verdict: "your compiled code contains raw memory",
                refusedInOutput: []),
        ]

        /// One attack as graded: its folder, its verdict, what its run printed, and the files it
        /// must not have changed with their contents before the batch.
        struct Graded: Sendable {
            let scratch: URL
            let outside: URL
            let outcome: CheckOutcome
            let printed: String
            let guarded: [(url: URL, before: Data)]
            /// Processes naming the attack's folder, looked for right after its run ended.
            let leftRunning: [Int32]
        }

        /// The batch, graded once for every case (each awaits it, then checks its own attack).
        static let graded = Task { try await gradeAll() }

        static func gradeAll() async throws -> [String: Graded] {
            let root = Self.root
            let support = ExerciseFolder.supportModule(root: root).appendingPathComponent("CheckReport.swift")
            let solution = ExerciseFolder(root: root, id: Self.exercise.id).solution
            var answers: [BatchGrading.Answer] = []
            var prepared:
                [(
                    attack: Attack, scratch: URL, outside: URL, output: Locked<String>, guarded: [URL],
                    leftRunning: Locked<[Int32]>
                )] = []
            for attack in attacks {
                let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "lab-attack-\(UUID().uuidString)")
                let progress = scratch.appendingPathComponent("progress.json")
                let outside = scratch.appendingPathComponent("outside-marker")
                let answer = scratch.appendingPathComponent("answer/\(Self.exercise.fileName)")
                try FileManager.default.createDirectory(
                    at: answer.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(#"{"version":1,"exercises":{}}"#.utf8).write(to: progress)
                let template = try String(
                    contentsOf: root.appendingPathComponent("Tests/LabExercisesTests/Attacks/\(attack.file).template"),
                    encoding: .utf8)
                let code = template.replacingOccurrences(of: "@@GRADER@@", with: "\(getpid())")
                    .replacingOccurrences(of: "@@PROGRESS@@", with: progress.path).replacingOccurrences(
                        of: "@@OUTSIDE@@", with: outside.path
                    )
                    .replacingOccurrences(of: "@@SUPPORT@@", with: support.path).replacingOccurrences(
                        of: "@@SOLUTION@@", with: solution.path
                    )
                    .replacingOccurrences(of: "@@ANSWER@@", with: answer.path)
                try Data(code.utf8).write(to: answer)
                let output = Locked("")
                let leftRunning = Locked<[Int32]>([])
                var graded = BatchGrading.Answer(exercise: Self.exercise, source: answer, scan: false)
                graded.inspect = attack.inspected
                graded.watchedFolders = [scratch]
                // Right after the run, when the supervisor has swept its processes (a stray sleeps
                // far longer than any run takes, so only the sweep can have ended it).
                graded.observeRun = { result in
                    output.withLock { $0 += result.output }
                    leftRunning.withLock { $0 = Self.processesMentioning(scratch.path) }
                }
                answers.append(graded)
                prepared.append((attack, scratch, outside, output, [support, solution, answer, progress], leftRunning))
            }
            let before = try prepared.map { try $0.guarded.map { try Data(contentsOf: $0) } }
            let outcomes = await BatchGrading(root: root).grade(answers)
            var byFile: [String: Graded] = [:]
            for (index, attack) in prepared.enumerated() {
                byFile[attack.attack.file] = Graded(
                    scratch: attack.scratch, outside: attack.outside, outcome: outcomes[index],
                    printed: attack.output.withLock { $0 }, guarded: Array(zip(attack.guarded, before[index])),
                    leftRunning: attack.leftRunning.withLock { $0 })
            }
            return byFile
        }

        @Test(arguments: attacks)
        func isRefusedAndLeavesNothingBehind(attack: Attack) async throws {
            let graded = try #require(try await Self.graded.value[attack.file])
            defer { try? FileManager.default.removeItem(at: graded.scratch) }
            let outcome = graded.outcome
            let printed = graded.printed

            let said = (outcome.messages + [outcome.details]).joined(separator: "\n")
            expect(!outcome.passed, "accepted: \(said)")
            if let verdict = attack.verdict {
                // Among the refusals (they are listed by name: `posix_spawn()` before `setsid()`).
                expect(
                    outcome.messages.contains { $0.contains(verdict) }, "the verdict does not name the refusal: \(said)"
                )
                expect(outcome.messages.allSatisfy { !$0.contains("\n") }, "a verdict is one line each")
            }
            for refusal in attack.refusedInOutput {
                expectContains(
                    printed, refusal, "the kernel did not refuse (\(refusal)): \(printed) — verdict: \(said)")
            }
            let support = ExerciseFolder.supportModule(root: Self.root).appendingPathComponent("CheckReport.swift")
            for (url, data) in graded.guarded {
                let now = try Data(contentsOf: url)
                expectEqual(now, data, "\(url.path) was changed")
                if now != data && url == support { try data.write(to: url) }  // put the lab back for the other tests
            }
            expect(
                !FileManager.default.fileExists(atPath: graded.outside.path),
                "a file appeared outside the scratch folder")
            expect(graded.leftRunning.isEmpty, "a process of the attack outlived its run: \(graded.leftRunning)")
            expect(Self.processesMentioning(graded.scratch.path).isEmpty, "a process of the attack is still running")
        }

        /// Processes whose command line names `text` (every attack's own processes name its folder).
        static func processesMentioning(_ text: String) -> [Int32] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return names.compactMap(Int32.init).filter { pid in
                guard let line = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline")) else {
                    return false
                }
                return String(decoding: line, as: UTF8.self).contains(text) && !SandboxTests.isZombie(pid)
            }
        }
    }
#endif
