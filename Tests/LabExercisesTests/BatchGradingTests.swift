import Foundation
import Testing

@testable import LabCore
@testable import LabExercises
@testable import LabFiles
@testable import LabSourceScan

/// Grading many answers at once (`BatchGrading`) keeps every promise of grading one: each
/// answer gets its own verdict whatever its neighbours do, a binary that is not the one its
/// build made is refused, and no earlier build can stand in for a failed one.
@Suite("Batch grading", .serialized)
struct BatchGradingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let exercise = TestLab.catalog.exercise(named: "02")!

    /// Writes answers to exercise 02 into a fresh folder, one file each.
    static func answers(_ codes: [String: String]) throws -> (folder: URL, files: [String: URL]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var files: [String: URL] = [:]
        for (name, code) in codes {
            let file = folder.appendingPathComponent("\(name).swift")
            try Data(code.utf8).write(to: file)
            files[name] = file
        }
        return (folder, files)
    }

    static let header = "import LabCore\n\n"
    static let broken =
        header + "func buttonTapped(_ model: DemoModel) -> Task<Void, Never> { Task { await model.doSomething() } }\n"
        + "let notANumber: Int = \"only this answer's error\"\n"
    static let loops = header + "func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {\n    while true {}\n}\n"
    static let crashes =
        header
        + "func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {\n    fatalError(\"this answer crashes\")\n}\n"

    /// Also with the checks run while other answers build (`runWhileBuilding`, as `--verify` does).
    @Test(arguments: [false, true])
    func eachAnswerInABatchGetsItsOwnVerdict(runWhileBuilding: Bool) async throws {
        let (folder, files) = try Self.answers(["broken": Self.broken, "loops": Self.loops, "crashes": Self.crashes])
        defer { try? FileManager.default.removeItem(at: folder) }
        let solution = TestLab.folder(Self.exercise).solution
        let alternative = TestLab.folder(Self.exercise).alternatives.appendingPathComponent("detached.swift")
        // Good answers on both sides of the bad ones; the scan off, so each bad one reaches its build and run.
        let order = [solution, files["broken"]!, files["loops"]!, alternative, files["crashes"]!, solution]
        var grading = BatchGrading(root: Self.root)
        grading.limits.wallSeconds = 15
        grading.runWhileBuilding = runWhileBuilding
        // The loop stopped by a limit of its own, shorter than its neighbours': it spins a CPU
        // until then, and this suite's tests run one after another, the last of a run's grading
        // tests (the batches' lock is the suite's critical path: docs/MEASUREMENTS.md, session 26);
        // the good answers keep 15 s for a busy machine. Their checks take about 0.7 s; with 4 s,
        // one of them ran out of it in CI's one-CPU run (a one-thread pool, the lessons beside it,
        // the loop spinning and the others building on the same CPU), a flake, not a verdict.
        // The limit only ends an answer that has not finished: the test takes no longer.
        let outcomes = await grading.grade(
            order.map { file in
                BatchGrading.Answer(
                    exercise: file == files["loops"]! ? Self.exercise.limited(to: 1) : Self.exercise, source: file,
                    scan: false)
            })

        for good in [0, 3, 5] {
            expect(outcomes[good].passed, "a good answer beside bad ones: \(outcomes[good].messages)")
        }
        expectEqual(outcomes[1].stage, .compile)
        expectContains(outcomes[1].details, "only this answer's error", "its own diagnostics: \(outcomes[1].details)")
        // Named as `lab check` names it (the exercise's file), not by the batch's folder.
        expect(outcomes[1].details.contains(Self.exercise.fileName + ":"), "\(outcomes[1].details)")
        expectNotContains(outcomes[1].details, ".build-exercises/batch", "\(outcomes[1].details)")
        expectEqual(outcomes[2].stage, .timeout, "the loop: \(outcomes[2].stage) \(outcomes[2].messages)")
        expectEqual(outcomes[2].messages.first?.contains("within 1 s"), true, "its own limit: \(outcomes[2].messages)")
        expectEqual(outcomes[4].stage, .crash, "the crash: \(outcomes[4].stage) \(outcomes[4].messages)")
        expectContains((outcomes[4].messages + [outcomes[4].details]).joined(), "this answer crashes")
        // No verdict names another answer's failure.
        for index in [0, 2, 3, 4, 5] {
            expectNotContains(
                (outcomes[index].messages + [outcomes[index].details]).joined(), "only this answer's error")
        }
    }

    /// Where the sandbox keeps checks out of the lab folder, another batch may take the lock
    /// while this one's checks run; where it cannot, the lock is held through them, exclusive.
    /// Read from inside a run (`observeRun`): held exclusive, it cannot be taken even shared;
    /// released, it can (at once, or once a batch beside this test that needs it alone has built).
    @Test(arguments: [false, true])
    func theLockIsHeldThroughTheRunsOnlyWhereChecksCouldReachTheSharedBuild(hold: Bool) async throws {
        var grading = BatchGrading(root: Self.root, runWorkers: 1)
        grading.runsHoldTheLock = hold
        let lockFile = grading.workFolder.appendingPathComponent("batch.lock").path
        let taken = Locked<Bool?>(nil)
        grading.observeRun = { _ in
            let descriptor = open(lockFile, O_RDWR | O_CLOEXEC)
            defer { close(descriptor) }
            // Held by this batch, it stays held: a few tries are enough to say so (25 in 0.5 s; each
            // tenth of a second here is one on the suite's critical path, the batches' lock).
            let deadline = ContinuousClock.now + .seconds(hold ? 0.5 : 120)
            var got = false
            while !got && ContinuousClock.now < deadline {
                got = flock(descriptor, LOCK_SH | LOCK_NB) == 0
                if !got { usleep(20_000) }
            }
            if got { flock(descriptor, LOCK_UN) }
            taken.withLock { $0 = got }
        }
        let solution = TestLab.folder(Self.exercise).solution
        let outcome = await grading.grade([BatchGrading.Answer(exercise: Self.exercise, source: solution)])[0]
        expect(outcome.passed, "\(outcome.messages)")
        expect(
            taken.withLock { $0 } == !hold,
            "the lock could be taken during the run: \(String(describing: taken.withLock { $0 }))")
    }

    #if os(Linux)
        /// Where Landlock confines a check (this suite's attacks need it), the checks leave the lock.
        @Test func aKernelThatConfinesChecksLetsTheirRunsLeaveTheLock() {
            if SandboxProbe.fullyConfined { expect(Sandbox.confinesFiles) }
        }
    #endif

    @Test func aBinaryThatIsNotItsBuildsIsRefused() async throws {
        let solution = TestLab.folder(Self.exercise).solution
        let starting = TestLab.folder(Self.exercise).starter
        var grading = BatchGrading(root: Self.root, runWorkers: 1)
        let swapped = Locked<CheckOutcome?>(nil)
        let grader = Grader(root: Self.root, exercise: Self.exercise)
        let sources = try grader.checkSources()
        grading.afterBuilds = { [grading] built in
            guard let passing = built[0], let failing = built[1] else { return }
            // The solution's binary, stamp and all, graded as the starting file's: its
            // fingerprint is the solution's build's, so it is refused, not graded.
            let stale = BatchGrading.Built(build: passing.build, stamp: passing.stamp, fingerprint: failing.fingerprint)
            swapped.withLock { $0 = grading.run(stale, grader: grader, sources: sources) }
            // And the solution's binary copied over the starting file's: its stamp changed.
            try? FileManager.default.removeItem(at: failing.build.binary)
            try? FileManager.default.copyItem(at: passing.build.binary, to: failing.build.binary)
        }
        let outcomes = await grading.grade([
            BatchGrading.Answer(exercise: Self.exercise, source: solution),
            BatchGrading.Answer(exercise: Self.exercise, source: starting, scan: false),
        ])
        expect(outcomes[0].passed, "\(outcomes[0].messages)")
        expectEqual(outcomes[1].stage, .forbidden, "\(outcomes[1].messages) \(outcomes[1].details)")
        expectEqual(outcomes[1].messages.first?.contains("changed after it was built"), true, "\(outcomes[1].messages)")
        let stale = try unwrap(swapped.withLock { $0 })
        expectEqual(stale.stage, .forbidden)
        expectEqual(stale.messages.first?.contains("not built from this answer"), true, "\(stale.messages)")
    }

    /// Also with the driver's jobs planned for the batch and started directly (`CompilerJobs`): the
    /// same files, the same diagnostics.
    @Test(arguments: [false, true])
    func aFailedBuildLeavesNoEarlierBinaryBehind(planned: Bool) async throws {
        let workFolder = Self.root.appendingPathComponent(".build-exercises/batch")
        let build = BatchBuild(
            folder: workFolder.appendingPathComponent("runs/stale-test-\(UUID().uuidString)"))
        defer { try? FileManager.default.removeItem(at: build.folder) }
        // A binary from an earlier build, where this answer's will be.
        try FileManager.default.createDirectory(
            at: build.binary.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: "/bin/true"), to: build.binary)
        let sources = try Grader(root: Self.root, exercise: Self.exercise).checkSources()
        // Under the batch's lock from the toolchain to the build, as a batch holds it: a batch
        // beside this test may build the shared package again meanwhile. On a thread of its
        // own: the lock and the compiler are waited for, and the pool is the other tests'.
        let (outcome, jobsPlanned) = try await OnAThreadOfItsOwn.blockingWork(named: "stale binary build") {
            try FileLock.withLock(at: workFolder.appendingPathComponent("batch.lock")) {
                let toolchain = try TestLab.wholeSharedBuild(in: workFolder)
                let jobs =
                    planned
                    ? BatchBuild.plan(
                        mode: [], toolchain: toolchain,
                        placeholder: workFolder.appendingPathComponent("runs/planned-test-\(UUID().uuidString)"))
                    : nil
                let outcome = try build.build(
                    code: Self.broken, fingerprint: .fresh(), sources: sources, mode: [], toolchain: toolchain,
                    jobs: jobs)
                return (outcome, jobs != nil)
            }
        }
        expectEqual(planned, jobsPlanned, "the driver's jobs could not be planned")
        guard case .failed(let output, let inAnswer) = outcome else {
            Issue.record("a broken answer built")
            return
        }
        expect(inAnswer, "the error is the answer's: \(output)")
        expectContains(output, "only this answer's error", "\(output)")
        expect(!FileManager.default.fileExists(atPath: build.binary.path), "the earlier binary is still there")
    }

    /// The link as planned for a batch on Linux: the C driver not started (its own plan replayed:
    /// the linker alone), the libraries' list written by the lab (`AutolinkList`: the answer's
    /// entries the shared objects lack, then the shared objects' list as the program wrote it),
    /// and the binary so linked runs the check.
    @Test func aPlannedLinkStartsOnlyTheLinkerAndTheBinaryRuns() async throws {
        #if os(Linux)
            let workFolder = Self.root.appendingPathComponent(".build-exercises/batch")
            let build = BatchBuild(folder: workFolder.appendingPathComponent("runs/link-test-\(UUID().uuidString)"))
            defer { try? FileManager.default.removeItem(at: build.folder) }
            let solution = try String(contentsOf: TestLab.folder(Self.exercise).solution, encoding: .utf8)
            let sources = try Grader(root: Self.root, exercise: Self.exercise).checkSources()
            let (jobs, outcome, listed, ran) = try await OnAThreadOfItsOwn.blockingWork(named: "planned link") {
                try FileLock.withLock(at: workFolder.appendingPathComponent("batch.lock")) {
                    let toolchain = try TestLab.wholeSharedBuild(in: workFolder)
                    let jobs = try unwrap(
                        BatchBuild.plan(
                            mode: [], toolchain: toolchain,
                            placeholder: workFolder.appendingPathComponent("runs/planned-test-\(UUID().uuidString)")))
                    let outcome = try build.build(
                        code: solution, fingerprint: .fresh(), sources: sources, mode: [], toolchain: toolchain,
                        jobs: jobs)
                    let list = try jobs.autolink.map {
                        try String(
                            contentsOfFile: build.folder.path + $0.output.dropFirst(jobs.placeholder.count),
                            encoding: .utf8)
                    }
                    let ran =
                        FileManager.default.fileExists(atPath: build.binary.path)
                        ? try run(build.binary.path, [], timeout: 120) : nil
                    return (jobs, outcome, list, ran)
                }
            }
            let link = try unwrap(jobs.steps.last)
            let programs = link.map { URL(fileURLWithPath: $0[0]).lastPathComponent }
            expect(programs.first == "swift-autolink-extract" && programs.count == 2, "\(programs)")
            expect(!programs.contains("clang"), "\(programs)")
            expectEqual(link.last?.contains { $0.hasPrefix("@") && $0.hasSuffix(".autolink") }, true)
            let autolink = try unwrap(jobs.autolink)
            expect(autolink.job == link.first && autolink.step == jobs.steps.count - 1 && autolink.index == 0)
            // The lab's own list, not the program's (which would name each library once, in its order).
            expectEqual(listed?.hasSuffix(autolink.sharedEntries.map { $0 + "\n" }.joined()), true, "\(listed ?? "")")
            guard case .built = outcome else {
                Issue.record("the solution did not build: \(outcome)")
                return
            }
            expectEqual(ran.map { !$0.crashed && !$0.timedOut }, true, "\(ran?.output ?? "")")
        #endif
    }

    /// What the lab reads of an object's libraries is what `swift-autolink-extract` lists for it
    /// (two of the shared build's Swift objects stand in for an answer's here), and the list the
    /// lab writes adds to the shared objects' list only what they lack.
    @Test func theLabsLibraryListIsTheProgramsOwn() async throws {
        #if os(Linux)
            let workFolder = Self.root.appendingPathComponent(".build-exercises/batch")
            let placeholder = workFolder.appendingPathComponent("runs/autolink-test-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: placeholder) }
            let (read, theirs, written, shared) = try await OnAThreadOfItsOwn.blockingWork(named: "autolink lists") {
                try FileLock.withLock(at: workFolder.appendingPathComponent("batch.lock")) {
                    let toolchain = try TestLab.wholeSharedBuild(in: workFolder)
                    let program = URL(fileURLWithPath: toolchain.swiftc).deletingLastPathComponent()
                        .appendingPathComponent("swift-autolink-extract").path
                    let swiftObjects = toolchain.sharedObjects.filter { $0.hasSuffix(".swift.o") }
                    let temporary = placeholder.appendingPathComponent("tmp", isDirectory: true)
                    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
                    var answerObjects: [String] = []
                    for (index, object) in [swiftObjects.first!, swiftObjects.last!].enumerated() {
                        let copy = placeholder.appendingPathComponent("answer-\(index).o")
                        try FileManager.default.copyItem(at: URL(fileURLWithPath: object), to: copy)
                        answerObjects.append(copy.path)
                    }
                    // The program on the two objects alone.
                    let theirs = placeholder.appendingPathComponent("theirs.autolink").path
                    let result = try run(program, answerObjects + ["-o", theirs], timeout: 120)
                    expectEqual(result.status, 0, "\(result.output)")
                    let read = try answerObjects.flatMap {
                        try unwrap(ELFObject.autolinkEntries([UInt8](try Data(contentsOf: URL(fileURLWithPath: $0)))))
                    }
                    let output = placeholder.appendingPathComponent("check.autolink").path
                    let job = [program] + answerObjects + toolchain.linkedObjects + ["-o", output]
                    let list = try unwrap(
                        AutolinkList.plan(job, step: 2, index: 0, placeholder: placeholder.path, temporary: temporary))
                    expectEqual(list.answerObjects, answerObjects)
                    expect(list.write(in: placeholder))
                    let written = try String(contentsOfFile: output, encoding: .utf8)
                    // An object the lab cannot read as ELF: the program is started instead.
                    try Data("not an object".utf8).write(to: URL(fileURLWithPath: answerObjects[0]))
                    expect(!list.write(in: placeholder))
                    return (read, try String(contentsOfFile: theirs, encoding: .utf8), written, list.sharedEntries)
                }
            }
            let lines = { (text: String) in text.split(separator: "\n").map(String.init) }
            expect(
                !read.isEmpty && Set(read) == Set(lines(theirs)), "the lab read \(read), the program listed \(theirs)")
            let added = lines(written).dropLast(shared.count)
            expectEqual(Array(lines(written).suffix(shared.count)), shared)
            expect(Set(added).isDisjoint(with: shared) && Set(added).union(shared).isSuperset(of: read))
            expect(
                zip(shared, shared.dropFirst()).allSatisfy { $0 != $1 }, "a library named twice in a row: \(shared)")
        #endif
    }

    /// Only a repeat right after itself goes; the order and a library named again later stay.
    @Test func aLibraryNamedAgainRightAfterItselfIsNamedOnce() {
        let entries = ["-lA", "-lA", "-lA", "-lB", "-lA", "-lC", "-lC"]
        expectEqual(AutolinkList.withoutRepeats(entries), ["-lA", "-lB", "-lA", "-lC"])
        expectEqual(AutolinkList.withoutRepeats([]), [])
    }

    /// An answer that puts its own strings where the link reads its libraries (Swift 6.3's
    /// `@section`) is refused before the link, whatever the scan said: the linker would have taken
    /// them as its arguments, outside the sandbox (`--reproduce=FILE` writes an archive of the
    /// link's inputs there, the check's sources among them, even when the link then fails).
    @Test func anAnswerThatAsksTheLinkerForMoreThanALibraryIsRefusedBeforeTheLink() async throws {
        #if os(Linux)
            let solution = try String(contentsOf: TestLab.folder(Self.exercise).solution, encoding: .utf8)
            let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("linked-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: elsewhere) }
            let archive = elsewhere.appendingPathComponent("inputs.tar")
            let flag = Array("--reproduce=\(archive.path)".utf8) + [0]
            let planted =
                solution + """

                    @section(".swift1_autolink_entries") @used
                    let planted: (\(Array(repeating: "UInt8", count: flag.count).joined(separator: ", "))) = (\(flag.map(String.init).joined(separator: ", ")))

                    """
            let (folder, files) = try Self.answers(["planted": planted])
            defer { try? FileManager.default.removeItem(at: folder) }
            // Two at once (planned jobs) and one alone (the driver): refused both ways, unscanned.
            let grading = BatchGrading(root: Self.root)
            let answer = BatchGrading.Answer(exercise: Self.exercise, source: files["planted"]!, scan: false)
            let outcomes = await grading.grade([answer, answer]) + grading.grade([answer])
            for outcome in outcomes {
                expectEqual(outcome.stage, .compile, "\(outcome)")
                expectContains(outcome.details, "which is no library", "\(outcome)")
            }
            expect(!FileManager.default.fileExists(atPath: archive.path), "the linker took the answer's flag")
            // And the scan refuses the attributes by name.
            let findings = SourceScanner.findings(in: planted, forbidden: ForbiddenPattern.standard)
            expect(findings.contains { $0.code == "`@section`" } && findings.contains { $0.code == "`@used`" })
        #endif
    }

    @Test func theToolchainIsReadFromSwiftPMsPlan() throws {
        // The link's objects are its inputs in the plan (the list file it names is never written:
        // the template is not linked), less the template's own, the modules wrapped for the
        // debugger and what is not an object.
        let plan = """
              "C.BatchTemplate-debug.module":
                tool: shell
                inputs: ["/p/Sources/BatchTemplate/Template.swift","/b/Modules/CheckSupport.swiftmodule","/b/Stray.o"]
                args: ["/usr/bin/swiftc","-module-name","BatchTemplate","-emit-module","-c","@/b/sources","-I","/b/Modules","-Xcc","-fmodule-map-file=/b/CheckChannel.build/module.modulemap","-Xcc","-I","-Xcc","/p/Sources/CheckChannel/include","-Xcc","-fmodule-map-file=/b/CLabShims.build/module.modulemap","-Xfrontend","-entry-point-function-name","-Xfrontend","BatchTemplate_main","-swift-version","6","-g","-Xcc","-g","-j2"]

              "C.BatchTemplate-debug.exe":
                tool: shell
                inputs: ["/b/BatchTemplate.build/Template.swift.o","/b/LabCore.build/A.swift.o","/b/LabCore.build/LabCore.swiftmodule.o","/b/CheckChannel.build/CheckChannel.c.o","/b/BatchTemplate.product/Objects.LinkFileList"]
                outputs: ["/b/BatchTemplate"]
                args: ["/usr/bin/swiftc","-o","/b/BatchTemplate","-module-name","BatchTemplate","-emit-executable","-Xlinker","main=BatchTemplate_main","-Xlinker","-add_ast_path","-Xlinker","/b/Modules/BatchTemplate.swiftmodule","@/b/BatchTemplate.product/Objects.LinkFileList"]
            """
        let toolchain = try BatchToolchain.from(plan: plan)
        expectEqual(toolchain.swiftc, "/usr/bin/swiftc")
        // Both keep SwiftPM's `-Xcc -g` (though `-g` goes): the C modules built from headers are
        // cached under a hash of the C flags, so the answer and its check reuse the shared build's
        // instead of building a set of their own in the first check.
        expectEqual(
            toolchain.compileFlags,
            [
                "-I", "/b/Modules", "-Xcc", "-fmodule-map-file=/b/CheckChannel.build/module.modulemap", "-Xcc", "-I",
                "-Xcc", "/p/Sources/CheckChannel/include", "-Xcc",
                "-fmodule-map-file=/b/CLabShims.build/module.modulemap",
                "-Xfrontend", "-entry-point-function-name", "-Xfrontend", "check_main", "-swift-version", "6",
                "-Xcc", "-g",
            ])
        // The answer's module is given neither the check's entry point nor its channel.
        expectEqual(
            toolchain.studentFlags,
            [
                "-I", "/b/Modules", "-Xcc", "-fmodule-map-file=/b/CLabShims.build/module.modulemap", "-swift-version",
                "6", "-Xcc", "-g",
            ])
        expectEqual(toolchain.linkFlags, ["-Xlinker", "main=check_main"])
        expectEqual(toolchain.sharedObjects, ["/b/LabCore.build/A.swift.o", "/b/CheckChannel.build/CheckChannel.c.o"])
        // A plan whose link names no objects (another SwiftPM's layout, say) is said so, not linked
        // without them, nor with the objects another command named.
        let withoutLinkInputs = plan.split(separator: "\n").filter { !$0.contains("Template.swift.o") }
            .joined(separator: "\n")
        #expect(throws: ExerciseError.self) { try BatchToolchain.from(plan: withoutLinkInputs) }
    }

    /// The shared build compiles each module whole (`wholeModule`); an answer and its check keep
    /// their own planned jobs, so none of those flags reaches their compile or link.
    @Test func theSharedBuildsWholeModuleFlagsAreNotTheAnswers() {
        let wholeModule = BatchToolchain.wholeModule
        expectContains(
            BatchToolchain.sharedBuildOptions.joined(separator: " "), wholeModule.joined(separator: " -Xswiftc "))
        let compile =
            ["-module-name", "BatchTemplate", "-c", "-I", "/b/Modules", "-Onone"] + wholeModule + [
                "-swift-version", "6",
            ]
        expectEqual(BatchToolchain.compileFlags(compile), ["-I", "/b/Modules", "-Onone", "-swift-version", "6"])
        let link = ["-o", "/b/BatchTemplate", "-emit-executable", "-ldl"] + wholeModule
        expectEqual(BatchToolchain.linkFlags(link), ["-ldl"])
    }

    /// A shared build that fails shows SwiftPM's lines less the driver's two notes a module on
    /// compiling whole, which would push the error past the lines shown.
    @Test func aFailedSharedBuildShowsItsErrorNotTheWholeModuleNotes() {
        let notes = (1...12).flatMap { _ in
            [
                "warning: ignoring '-enable-batch-mode' because '-whole-module-optimization' was also specified",
                "remark: Incremental compilation has been disabled: it is not compatible with whole module optimization",
            ]
        }
        let output = (["Building for debugging..."] + notes + ["/p/A.swift:3:1: error: cannot find 'x' in scope"])
            .joined(separator: "\n")
        let shown = Grader.cut(BatchToolchain.withoutWholeModuleNotes(output), lines: 20)
        expectEqual(shown, "Building for debugging...\n/p/A.swift:3:1: error: cannot find 'x' in scope")
        expectContains(Grader.cut(output, lines: 20), "ignoring", "unfiltered, the notes fill the lines shown")
        expectNotContains(Grader.cut(output, lines: 20), "cannot find 'x'")
    }
}

#if os(Linux)
    /// Issue 28's promise under attack: one answer of a batch cannot change another's binary or verdict.
    @Suite(
        "An answer in a batch cannot reach its neighbours", .serialized,
        .enabled(
            if: SandboxProbe.fullyConfined,
            "this kernel lacks Landlock signal scoping (ABI 6) or seccomp: see docs/THREAT-MODEL.md"))
    struct BatchNeighbourAttackTests {
        @Test func anAnswerCannotChangeTheNextAnswersBinary() async throws {
            let root = BatchGradingTests.root
            let exercise = BatchGradingTests.exercise
            let name = "attack-\(UUID().uuidString)"
            var grading = BatchGrading(root: root, runWorkers: 1)
            grading.batchName = name
            // One check at a time, however long the attack's takes: a check counts against the one
            // worker for 2 s only, and on a crowded CPU (CI's one-CPU lane) the neighbour's check then
            // started beside the attack's, and its running binary refused the truncation with "Text
            // file busy" (the kernel's refusal, found before the sandbox's): proven then was not the sandbox.
            grading.runSlotRelease = .seconds(24 * 60 * 60)
            let runs = grading.workFolder.appendingPathComponent("runs/\(name)")
            let victim = BatchBuild(folder: runs.appendingPathComponent("1")).binary
            let template = try String(
                contentsOf: root.appendingPathComponent(
                    "Tests/LabExercisesTests/Attacks/batch-neighbour.swift.template"), encoding: .utf8)
            let code = template.replacingOccurrences(of: "@@VICTIM@@", with: victim.path)
                .replacingOccurrences(of: "@@RUNS@@", with: runs.path)
                .replacingOccurrences(of: "@@STORE@@", with: CheckObjects.kept(in: grading.workFolder).folder.path)
                .replacingOccurrences(of: "@@ANSWERS@@", with: AnswerModules.kept(in: grading.workFolder).folder.path)
            let (folder, files) = try BatchGradingTests.answers(["attack": code])
            defer { try? FileManager.default.removeItem(at: folder) }
            let output = Locked("")
            grading.observeRun = { result in output.withLock { $0 += result.output } }
            let stamp = Locked<BinaryStamp?>(nil)
            grading.afterBuilds = { _ in stamp.withLock { $0 = BinaryStamp(victim) } }
            let solution = ExerciseFolder(root: root, id: exercise.id).solution
            // Run, not refused for its C calls before running: what is proven is the sandbox's refusal.
            var attack = BatchGrading.Answer(exercise: exercise, source: files["attack"]!, scan: false)
            attack.inspect = false
            let outcomes = await grading.grade([attack, BatchGrading.Answer(exercise: exercise, source: solution)])
            let printed = output.withLock { $0 }
            expect(!outcomes[0].passed)
            expect(outcomes[1].passed, "the neighbour's verdict changed: \(outcomes[1].messages)")
            for step in ["truncate", "delete", "plant", "store", "answers", "list"] {
                expectContains(
                    printed, "ATTACK batch-neighbour: \(step) Permission denied",
                    "the kernel did not refuse \(step): \(printed)")
            }
            expectNotEqual(stamp.withLock { $0 }, nil)
        }
    }
#endif

extension Exercise {
    /// The same exercise with another time limit.
    func limited(to seconds: Double) -> Exercise {
        Exercise(
            id, lesson: lesson, title: title, kind: kind, summary: summary, minutes: minutes, hints: hints,
            forbidden: forbidden, timeLimitSeconds: seconds, mode: mode)
    }
}
