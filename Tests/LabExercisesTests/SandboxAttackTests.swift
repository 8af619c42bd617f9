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
    /// placeholders the test fills in, so not Swift a formatter could read), each graded by the
    /// real grader with the scan off, so that what refuses them is the sandbox and the grader's
    /// own facts, not the scan. Each must be refused, change no file outside its scratch folder,
    /// forge no progress, and leave no process behind.
    /// Linux only: the attacks are written against Linux's /proc and C library, and the
    /// layers they test are Landlock and seccomp.
    @Suite(
        "Attacks on the grader are refused", .serialized,
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
            var description: String { file }
        }

        static let attacks = [
            Attack(file: "before-main.swift", verdict: "code that runs before the check starts", refusedInOutput: []),
            // /proc/self/mem opens (Dispatch needs /proc), but the secret's page is memfd_secret memory it cannot read.
            Attack(
                file: "proc-mem.swift", verdict: nil,
                refusedInOutput: [
                    "ATTACK proc-mem: maps opened, mem opened", "cannot read /secretmem", "candidate secrets",
                ]),
            Attack(
                file: "parent-output.swift", verdict: nil,
                refusedInOutput: ["fd/1 Permission denied", "progress Permission denied", "Operation not permitted"]),
            Attack(
                file: "rewrite-files.swift", verdict: nil,
                refusedInOutput: [
                    "Support.swift Permission denied", "own file Permission denied",
                    "outside scratch Permission denied",
                ]),
            // Refused twice over: the compiled module's call to setsid() (before running), and seccomp
            // (SandboxTests proves that one alone).
            Attack(file: "setsid.swift", verdict: "setsid()", refusedInOutput: []),
            // The support module is built once and linked into every check: its code is there to call.
            Attack(file: "check-by-symbol.swift", verdict: "a reference to the check's own code", refusedInOutput: []),
            Attack(
                file: "replace-check-code.swift", verdict: "a definition of the check's own code", refusedInOutput: []),
            Attack(
                file: "stray.swift", verdict: "running after the check ended",
                refusedInOutput: ["ATTACK stray: started"]),
        ]

        @Test(arguments: attacks)
        func isRefusedAndLeavesNothingBehind(attack: Attack) async throws {
            let root = Self.root
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
                "lab-attack-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let progress = scratch.appendingPathComponent("progress.json")
            let outside = scratch.appendingPathComponent("outside-marker")
            let answer = scratch.appendingPathComponent("answer/\(Self.exercise.fileName)")
            let support = ExerciseFolder.supportFile(root: root)
            let solution = ExerciseFolder(root: root, id: Self.exercise.id).solution
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
            let guarded = [support, solution, answer, progress]
            let before = try guarded.map { try Data(contentsOf: $0) }

            var grader = Grader(root: root, exercise: Self.exercise)
            grader.watchedFolders = [scratch]
            let output = Locked("")
            grader.observeRun = { result in output.withLock { $0 += result.output } }
            let outcome = await grader.grade(source: answer, scan: false)
            let printed = output.withLock { $0 }

            let said = (outcome.messages + [outcome.details]).joined(separator: "\n")
            #expect(!outcome.passed, "accepted: \(said)")
            if let verdict = attack.verdict {
                #expect(
                    outcome.messages.first?.contains(verdict) == true, "the verdict does not name the refusal: \(said)")
                #expect(outcome.messages.allSatisfy { !$0.contains("\n") }, "a verdict is one line each")
            }
            for refusal in attack.refusedInOutput {
                #expect(
                    printed.contains(refusal), "the kernel did not refuse (\(refusal)): \(printed) — verdict: \(said)")
            }
            for (url, data) in zip(guarded, before) {
                let now = try Data(contentsOf: url)
                #expect(now == data, "\(url.path) was changed")
                if now != data && url == support { try data.write(to: url) }  // put the lab back for the other tests
            }
            #expect(!FileManager.default.fileExists(atPath: outside.path), "a file appeared outside the scratch folder")
            #expect(Self.processesMentioning(scratch.path).isEmpty, "a process of the attack is still running")
        }

        /// Processes whose command line names `text` (every attack's own processes name its folder).
        static func processesMentioning(_ text: String) -> [Int32] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return names.compactMap(Int32.init).filter { pid in
                guard let line = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline")) else {
                    return false
                }
                return String(decoding: line, as: UTF8.self).contains(text) && !isZombie(pid)
            }
        }

        static func isZombie(_ pid: Int32) -> Bool {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
            return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
        }
    }
#endif
