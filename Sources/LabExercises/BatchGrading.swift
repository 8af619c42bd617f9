import Foundation
import LabCore
import LabFiles
import LabSourceScan

/// Grades many answers at once, each to the verdict `lab check` would give it alone:
/// the scan, then the shared library built once (`BatchToolchain`), then every answer
/// compiled and linked in a folder of its own (`BatchBuild`, as many at a time as there are
/// cores), then every check run in the sandbox. An answer that does not compile fails with
/// its own diagnostics and the others build on; one that loops is stopped by its own wall
/// clock; one that crashes gets its own verdict. The batch's builds all end before any of its
/// checks runs (unless `runWhileBuilding`), and each binary's stamp is compared just before it
/// runs, so no answer's code can run while another answer of the batch is still to be built, and
/// a binary changed after its build is refused, not graded. The build's fingerprint, sent back by the check, proves the
/// binary that ran was built from this answer's code. `lab exercises --verify` and `lab
/// grade` use it.
public struct BatchGrading: Sendable {
    public struct Answer: Sendable {
        public let exercise: Exercise
        public let source: URL
        /// False for the untouched starting file in `--verify`, as `Grader.grade(scan:)`.
        public var scan = true
        /// A known answer that stands in for the machine (`// permits: kept state`): it may keep
        /// state between the check's calls (`KeptState`), to stall one call on purpose.
        public var keepsState = false
        /// As `Grader.watchedFolders` and `Grader.protectedFolders`.
        public var watchedFolders: [URL] = []
        public var protectedFolders: [URL] = []
        /// The student's folder (`lab grade`: the one named; `lab check`: the workspace): the answer
        /// must be a file really in it, reached through no symbolic link (`AnswerFile`). Nil: the
        /// answer itself must still not be a link.
        public var folder: URL? = nil
        /// Tests: false to run the answer without reading its compiled module first, so that the
        /// sandbox's own layers are what refuses it (as `scan: false` does for the scan).
        var inspect = true
        /// Tests: this answer's own compile limit, in place of the batch's `compileLimit`.
        var compileLimit: Double? = nil
        /// Tests: this answer's raw run result, in place of the batch's `observeRun`.
        var observeRun: (@Sendable (Sandbox.Result) -> Void)? = nil

        public init(exercise: Exercise, source: URL, scan: Bool = true) {
            self.exercise = exercise
            self.source = source
            self.scan = scan
        }
    }

    public let root: URL
    /// `.build-exercises/batch` in the lab folder: the shared build and each batch's answers.
    public let workFolder: URL
    /// Answers compiled at once (one per CPU: a compile computes), and checks run at once: twice
    /// as many by default, because a check mostly waits (its services' latencies, its deadlines):
    /// two at a time on two cores, a full `--verify`'s checks used 26 s of CPU in 70 s (load 6).
    public let buildWorkers: Int
    public let runWorkers: Int
    /// Each check's limits; the wall clock is at most its exercise's.
    public var limits = Sandbox.Limits()
    /// Whether checks may run while other answers are still being built: a check that mostly
    /// waits then waits beside the builds instead of after them. `lab exercises --verify` turns it
    /// on (its answers are the lab's own files), and `lab grade` where the sandbox keeps checks out
    /// of the lab folder, the batch's builds with it (`Sandbox.confinesFiles`). Off, no answer's
    /// code runs while another's binary is still to be made (see the type's comment).
    public var runWhileBuilding = false
    /// With `runWhileBuilding`, the checks' workers once every answer is built, where more than
    /// `runWorkers` (twice as many at most, as before): the builds' CPUs are then the checks'.
    public var runWorkersOnceBuilt: Int? = nil
    /// How long one step of an answer's build (its module, its check, the link) may take. An
    /// answer compiles in seconds; one written to stall the type checker (an audit: about 7 s per
    /// expression given up on, and a few hundred fit in an answer) is stopped here, and its verdict
    /// is final, not tried again alone, so it costs a class one worker for this long, once.
    var compileLimit: Double = 120
    /// How long a check counts against `runWorkers` (see `WorkerThreads.staggered`): longer than
    /// all but 17 of the 216 runs of a full `--verify` took (each run timed, load 3–5).
    var runSlotRelease: Duration = .seconds(2)
    /// Tests: each run's raw result, a moment between the builds and the runs, and the
    /// batch's folder name under `runs/` (a fresh one for each batch otherwise).
    var observeRun: (@Sendable (Sandbox.Result) -> Void)? = nil
    var afterBuilds: (@Sendable ([Built?]) -> Void)? = nil
    var batchName: String? = nil
    /// `lab check`'s notes: another batch holds the lock, and the build begins.
    var onWait: (@Sendable () -> Void)? = nil
    var onBuildStart: (@Sendable () -> Void)? = nil
    /// Tests: runs holding the batch's lock, with the work folder, just before the shared build is
    /// prepared: a test may spoil the build record there, and no other batch sees it spoilt (unless
    /// the process dies before this batch builds again; the next batch then recovers as this one does).
    var beforePrepare: (@Sendable (URL) throws -> Void)? = nil
    /// Tests: the toolchain a pass under the shared lock builds with, in place of the recorded one
    /// (a spoilt one stands for a shared build that stopped working; see `gradeBlocking`).
    var sharedPassToolchain: (@Sendable (BatchToolchain) -> BatchToolchain)? = nil
    /// Whether the checks run under the batches' lock too (see `gradeBlocking`); nil: where the
    /// sandbox cannot keep a check out of the lab folder (`Sandbox.confinesFiles`). Tests set it.
    var runsHoldTheLock: Bool? = nil
    /// Whether checks' objects are kept for later batches (`CheckObjects`); nil: where the sandbox
    /// keeps a check out of the lab folder. Otherwise each batch keeps its own. Tests set it.
    var keepsCheckObjects: Bool? = nil
    /// Tests: false to build the answers in their own order, whatever the durations' record (shared
    /// by every batch of the lab folder, tests and `--verify` alike) says of them.
    var ordersByDuration = true

    public init(
        root: URL, workFolder: URL? = nil, buildWorkers: Int = GradingWidth.builds(),
        runWorkers: Int = 2 * GradingWidth.builds()
    ) {
        self.root = root
        self.workFolder = workFolder ?? root.appendingPathComponent(".build-exercises/batch")
        self.buildWorkers = max(1, buildWorkers)
        self.runWorkers = max(1, runWorkers)
    }

    /// An answer built and waiting for its run.
    struct Built: Sendable {
        let build: BatchBuild
        let stamp: BinaryStamp
        let fingerprint: String
        /// Its check's object came from `CheckObjects` (the check was not compiled again).
        var checkReused = false
        /// Its module came from `AnswerModules` (the answer's code was not compiled again).
        var answerReused = false
    }

    /// Grades every answer; `progress` is called (from worker threads) as each verdict is final.
    /// Runs on threads of its own, as `Grader.grade` does: builds and runs hold them for seconds.
    public func grade(
        _ answers: [Answer], progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) async -> [CheckOutcome] {
        await OnAThreadOfItsOwn.blockingWork(named: "lab grade batch") { gradeBlocking(answers, progress: progress) }
    }

    func gradeBlocking(_ answers: [Answer], progress: (@Sendable (Int, Int) -> Void)? = nil) -> [CheckOutcome] {
        let outcomes = Locked([CheckOutcome?](repeating: nil, count: answers.count))
        let done = Locked(0)
        let settle = { @Sendable (index: Int, outcome: CheckOutcome) in
            outcomes.withLock { $0[index] = outcome }
            let count = done.withLock {
                $0 += 1
                return $0
            }
            progress?(count, answers.count)
        }
        let graders = answers.map { answer in
            var grader = Grader(root: root, exercise: answer.exercise, workFolder: workFolder)
            grader.watchedFolders = answer.watchedFolders
            grader.protectedFolders = answer.protectedFolders
            grader.observeRun = answer.observeRun ?? observeRun
            return grader
        }
        // Each exercise's check, and what the scan reads of the exercise, read once for the whole batch.
        var checkParts: [String: (sources: Grader.CheckSources, names: Grader.ReviewNames)] = [:]
        var unreadableChecks: Set<String> = []
        for (index, answer) in answers.enumerated() {
            let id = answer.exercise.id
            guard checkParts[id] == nil, !unreadableChecks.contains(id) else { continue }
            if let sources = try? graders[index].checkSources() {
                checkParts[id] = (sources, graders[index].reviewNames(sources: sources))
            } else {
                unreadableChecks.insert(id)
            }
        }
        let parts = checkParts
        // Each answer read and scanned on as many threads as the builds get (nothing else runs
        // yet): one after another, a full `--verify`'s 632 answers took 6.2 s before its first build.
        let scanned = Locked([(code: String, sources: Grader.CheckSources)?](repeating: nil, count: answers.count))
        WorkerThreads.parallel(answers.count, workers: buildWorkers) { index in
            let answer = answers[index]
            if let refusal = AnswerFile.refusal(answer.source, within: answer.folder) {
                settle(index, CheckOutcome(stage: .forbidden, messages: [refusal], details: ""))
                return
            }
            let code: String
            switch AnswerFile.read(answer.source, within: answer.folder) {
            case .success(let text): code = text
            case .failure(let unreadable):
                settle(
                    index,
                    CheckOutcome(
                        stage: .compile,
                        messages: [
                            "cannot read \(StudentWorkspace.displayPath(answer.source, root: root)): \(unreadable)"
                        ],
                        details: ""))
                return
            }
            guard let exercise = parts[answer.exercise.id] else {
                settle(index, Self.toolchainOutcome("cannot read the check of \(answer.exercise.id)"))
                return
            }
            let findings =
                answer.scan ? graders[index].review(code, names: exercise.names, keepsState: answer.keepsState) : []
            if !findings.isEmpty {
                settle(index, CheckOutcome(stage: .forbidden, messages: findings.map(\.description), details: ""))
                return
            }
            scanned.withLock { $0[index] = (code, exercise.sources) }
        }
        let pending = scanned.withLock { $0 }.enumerated().compactMap { index, item in
            item.map { (index: index, code: $0.code, sources: $0.sources) }
        }
        guard !pending.isEmpty else { return outcomes.withLock { $0.map { $0! } } }
        // Owned (see OwnedFolder): a batch whose lab was stopped (Ctrl-C) is removed by the next.
        let runs = workFolder.appendingPathComponent("runs")
        OwnedFolder.sweep(in: runs)
        let owned: OwnedFolder
        do {
            owned = try OwnedFolder(runs.appendingPathComponent(batchName ?? UUID().uuidString))
        } catch {
            for item in pending { settle(item.index, Self.toolchainOutcome("\(error)")) }
            return outcomes.withLock { $0.map { $0! } }
        }
        let batch = owned.url
        // Removed when every run has ended (each answer's own folder goes after its run).
        defer { owned.remove() }
        let built = Locked([Built?](repeating: nil, count: pending.count))
        // Built, and so run, longest check first (see CheckDurations); each run is timed for the next batch.
        let durations = CheckDurations.kept(in: workFolder)
        let answerKeys = pending.map { CheckDurations.answerKey($0.code) }
        let order = CheckDurations.longestFirst(
            Array(pending.indices), key: { (answers[pending[$0].index].exercise.id, answerKeys[$0]) },
            // (A batch of one, `lab check`'s, has no order to choose: the record is not read for its
            // order, only brought up to date with its run after it.)
            record: ordersByDuration && pending.count > 1 ? durations.read() : .init())
        let measured = Locked<[CheckDurations.Run]>([])
        defer {
            // An answer that does not compile runs no check: kept at 0 s, so that the next batch
            // does not take it for as long as its exercise's longest and build it first.
            let unbuilt = outcomes.withLock { outcomes in
                pending.indices.filter { outcomes[pending[$0].index]?.stage == .compile }.map {
                    CheckDurations.Run(
                        exercise: answers[pending[$0].index].exercise.id, answer: answerKeys[$0], seconds: 0)
                }
            }
            durations.record(measured.withLock { $0 } + unbuilt)
        }
        let runOne = { @Sendable (slot: Int) in
            guard let answer = built.withLock({ $0[slot] }) else { return }
            let index = pending[slot].index
            defer { try? FileManager.default.removeItem(at: answer.build.folder) }
            let started = ContinuousClock.now
            defer {
                let seconds = started.duration(to: .now).seconds
                let run = CheckDurations.Run(
                    exercise: answers[index].exercise.id, answer: answerKeys[slot], seconds: seconds)
                measured.withLock { $0.append(run) }
            }
            settle(
                index,
                run(answer, grader: graders[index], sources: pending[slot].sources, inspect: answers[index].inspect))
        }
        // At most twice `runWorkers` at once: each check may hold its memory limit (2 GiB) and
        // a class of the same spinning mistake must not crowd the correct answers out. Checks run
        // beside the builds (`runWhileBuilding`) take that many once the builds have ended: the
        // count beside them was chosen for CPUs the compiles also want, and after them a full
        // `--verify` had 6 checks at once, mostly waiting, on CPUs 80-90% idle for its last 23 s.
        // Once built, `runWorkersOnceBuilt` where it is set (`--verify`: the width each CPU is proven
        // to bear, which beside the compiles would slow them: a cold run took 138.5 s, not 112 s).
        let widest = 2 * max(runWorkers, runWorkersOnceBuilt ?? 0)
        let runAll = { @Sendable (items: WorkerThreads.HandOff) in
            WorkerThreads.staggered(
                items, workers: runWorkers, release: runSlotRelease, ceiling: 2 * runWorkers,
                workersOnceClosed: runWhileBuilding ? widest : nil, ceilingOnceClosed: widest, runOne)
        }
        // With `runWhileBuilding`, each answer is handed to the runs as soon as it is built.
        let handOff = WorkerThreads.HandOff()
        let runsEndedSignal = DispatchSemaphore(value: 0)
        if runWhileBuilding {
            Thread {
                runAll(handOff)
                runsEndedSignal.signal()
            }.start()
        }
        // The batches' lock is held while the shared build is prepared and this batch's answers
        // are built against it (another batch may not build it again meanwhile; batches that only
        // read it share the lock, below), not while the checks run: a check uses only its own
        // linked binary, so the next batch (another `lab check`, a test beside it) builds while
        // this one's checks run. Within this batch every
        // build still ends before any check runs (unless `runWhileBuilding`); across batches the
        // sandbox keeps a check out of the lab folder, other batches' binaries and the shared
        // build included, as it does for a process a check left behind (docs/THREAT-MODEL.md).
        // Where the kernel cannot (no Landlock), the checks run under the lock as well, and it is
        // taken exclusive only: a check could otherwise rewrite the shared objects while another
        // batch links against them.
        let runsHoldTheLock = self.runsHoldTheLock ?? !Sandbox.confinesFiles
        var runsEnded = false
        func finishRuns(afterFailure failed: Bool) {
            guard !runsEnded else { return }
            runsEnded = true
            if runWhileBuilding {
                handOff.close()
                runsEndedSignal.wait()
            } else if !failed {
                runAll(WorkerThreads.HandOff(closedWith: order))
            }
        }
        // Kept beside the shared build, which empties them whenever it is made again differently.
        let keptForLater = keepsCheckObjects ?? Sandbox.confinesFiles
        let store =
            keptForLater
            ? CheckObjects.kept(in: workFolder) : CheckObjects(folder: batch.appendingPathComponent("check-objects"))
        // The answers' modules likewise (`AnswerModules`): a batch's own, where checks are not kept.
        let answerStore =
            keptForLater
            ? AnswerModules.kept(in: workFolder) : AnswerModules(folder: batch.appendingPathComponent("answer-modules"))
        let plans = keptForLater ? KeptPlans.kept(in: workFolder) : nil
        // The driver's jobs planned once per compiler mode in the batch, not once per answer,
        // and kept for the next batches where checks are kept (`KeptPlans`): an answer alone
        // (`lab check`) replays the plan an earlier check kept.
        let plan = { (toolchain: BatchToolchain, checkObjects: CheckObjects) -> [[String]: CompilerJobs] in
            let modes = Set(pending.map { answers[$0.index].exercise.mode.compilerFlags })
            return Dictionary(
                uniqueKeysWithValues: modes.compactMap { mode -> ([String], CompilerJobs)? in
                    if let plans, let sharedBuild = checkObjects.sharedBuild,
                        let kept = plans.plan(mode: mode, toolchain: toolchain, sharedBuild: sharedBuild)
                    {
                        return (mode, kept)
                    }
                    guard pending.count > 1 || plans != nil,
                        let jobs = BatchBuild.plan(
                            mode: mode, toolchain: toolchain, placeholder: batch.appendingPathComponent("planned"))
                    else { return nil }
                    if let plans, let sharedBuild = checkObjects.sharedBuild {
                        plans.keep(jobs, mode: mode, toolchain: toolchain, sharedBuild: sharedBuild)
                    }
                    return (mode, jobs)
                })
        }
        // A failed build is tried once more, alone, after the others: a compile error fails
        // again the same way, but a failure of the moment never becomes the student's verdict
        // (seen once in a full test run: the starting file of 02 "did not compile" beside
        // another build, and compiled in every run since; the cause was not found). An answer
        // built alone (`lab check`) had no neighbour: its own compile error is final at once. Nor is
        // one tried again whose failed build took half its compile limit or more (see
        // `triesAgainAlone`).
        let buildOne = {
            @Sendable
            (
                slot: Int, alone: Bool, toolchain: BatchToolchain, checkObjects: CheckObjects,
                jobs: CompilerJobs?, pass: BuildPass
            ) in
            let (index, code, sources) = pending[slot]
            let exercise = answers[index].exercise
            // Keyed against the record the checks' objects are (read once per pass).
            var answerModules = answerStore
            answerModules.interface = checkObjects.interfaces?.answer
            let build = BatchBuild(folder: batch.appendingPathComponent("\(slot)"))
            let fingerprint = BuildFingerprint.fresh()
            let outcome: CheckOutcome
            var final = alone
            let limit = answers[index].compileLimit ?? compileLimit
            let started = ContinuousClock.now
            // A failure of the answer's own is final alone, in a batch of one, or past half its limit.
            let finalIfFailed = {
                final || pending.count == 1
                    || !Self.triesAgainAlone(afterFailingIn: started.duration(to: .now).seconds, limit: limit)
            }
            do {
                switch try build.build(
                    code: code, fingerprint: fingerprint, sources: sources, mode: exercise.mode.compilerFlags,
                    toolchain: toolchain, jobs: jobs, checkObjects: checkObjects, answerModules: answerModules,
                    limit: limit)
                {
                case .built(let stamp, let checkReused, let answerReused):
                    built.withLock {
                        $0[slot] = Built(
                            build: build, stamp: stamp, fingerprint: fingerprint.text, checkReused: checkReused,
                            answerReused: answerReused)
                    }
                    if runWhileBuilding { handOff.push(slot) }
                    return
                case .failed(let output, inAnswer: true):
                    outcome = CheckOutcome(
                        stage: .compile,
                        messages: [
                            Grader.errorsInAnswer(output)
                                ? "\(exercise.fileName) does not compile yet"
                                : "\(exercise.fileName) has no error of its own, but the check cannot be built with it (the errors below are in the check or the code given with it): declare what the exercise asks for, with the given names, types and isolation"
                        ],
                        details: graders[index].diagnostics(output, package: build.folder))
                    final = finalIfFailed()
                case .compilerCrashed(let output):
                    outcome = CheckOutcome(
                        stage: .compile,
                        messages: [
                            "the Swift compiler crashed compiling \(exercise.fileName) (a bug of the compiler's that this code meets, not an error of yours or of the lab's): write the code it names another way"
                        ],
                        details: graders[index].crashDiagnostics(output, package: build.folder))
                    final = finalIfFailed()
                case .timedOut(let seconds):
                    outcome = CheckOutcome(
                        stage: .compile,
                        messages: [
                            "\(exercise.fileName) was still compiling after \(Int(seconds)) s (an answer compiles in seconds): look for an expression the compiler cannot type-check"
                        ],
                        details: "")
                    final = true
                case .failed(let output, inAnswer: false):
                    pass.failedOutsideAnswers.withLock { $0 = true }
                    // The plan this build replayed (kept from an earlier batch, or kept just now) may be
                    // what failed: forgotten, so the next batch plans afresh (about 70 ms).
                    if jobs != nil, let plans, let sharedBuild = checkObjects.sharedBuild {
                        plans.forget(mode: exercise.mode.compilerFlags, toolchain: toolchain, sharedBuild: sharedBuild)
                    }
                    // Not the answer's error (the toolchain, the disk): never blame the student.
                    outcome = Self.toolchainOutcome("the check did not build:\n" + Grader.cut(output, lines: 20))
                }
            } catch {
                outcome = Self.toolchainOutcome("\(error)")
            }
            try? FileManager.default.removeItem(at: build.folder)
            if final { settle(index, outcome) } else { pass.retry.withLock { $0.append(slot) } }
        }
        // Builds `slots`: together (as many at a time as `buildWorkers`, with the planned jobs), or
        // each alone through the driver (the retries, one at a time).
        let buildAll = { (slots: [Int], alone: Bool, toolchain: BatchToolchain, checkObjects: CheckObjects) in
            let pass = BuildPass()
            let planned = alone ? [:] : plan(toolchain, checkObjects)
            WorkerThreads.parallel(slots.count, workers: alone ? 1 : buildWorkers) {
                let slot = slots[$0]
                buildOne(
                    slot, alone, toolchain, checkObjects,
                    planned[answers[pending[slot].index].exercise.mode.compilerFlags],
                    pass)
            }
            return pass
        }
        // Each note at most once, though the batch may ask for the lock twice (below).
        let waitNote = Once(onWait)
        let startNote = Once(onBuildStart)
        let lock = workFolder.appendingPathComponent("batch.lock")
        // The shared build is read by many batches at once and made by one alone. A batch first
        // takes the lock shared: if the shared build is current (its record reusable, the support
        // package as written, the checks' objects not in want of a trim), it builds its answers
        // beside other batches doing the same. Of what is shared it writes only whole entries of
        // the kept objects and plans (and their use times), and what the compiler adds to the
        // shared build's C module cache, which parallel compiles share by design (an error there
        // fails a build outside its answer, and so goes to the exclusive pass). Everything else
        // waits for the lock exclusive: making the shared build (SwiftPM), trimming the store,
        // and building again the answers that failed outside themselves (the shared pass hands
        // them over; a recorded build that no longer works is made again first). Where the checks
        // run under the lock, and for the tests that spoil the record (`beforePrepare`), the lock
        // is only ever taken exclusive.
        var handedOver: [Int]? = nil
        var sharedPassBuild: Data? = nil
        var sharedBuildFailure: Error? = nil
        do {
            if !runsHoldTheLock && beforePrepare == nil {
                try FileLock.withLock(at: lock, mode: .shared, onWait: waitNote.call) {
                    guard let package = BatchToolchain.writtenPackage(root: root, folder: workFolder),
                        let toolchain = SharedBuildRecord.reusable(in: workFolder, root: root, package: package)
                    else { return }
                    let checkObjects = store.against(sharedBuildIn: workFolder)
                    guard !checkObjects.wantsTrim(), !answerStore.wantsTrim() else { return }
                    startNote.call()
                    let first = buildAll(order, false, sharedPassToolchain?(toolchain) ?? toolchain, checkObjects)
                    if first.failedOutside {
                        // Maybe the shared build no longer works: only an exclusive holder may make it again.
                        handedOver = first.again
                        sharedPassBuild = checkObjects.sharedBuild
                        return
                    }
                    _ = buildAll(first.again, true, toolchain, checkObjects)
                    handedOver = []
                    afterBuilds?(built.withLock { $0 })
                }
            }
            if handedOver != [] {
                try FileLock.withLock(at: lock, onWait: waitNote.call) {
                    startNote.call()
                    try beforePrepare?(workFolder)
                    let prepared = try BatchToolchain.prepare(root: root, folder: workFolder)
                    var toolchain = prepared.toolchain
                    var checkObjects = store.against(sharedBuildIn: workFolder)
                    checkObjects.trim()
                    answerStore.trim()
                    // The answers the shared pass handed over (at least one failed outside itself), or all.
                    var again = handedOver ?? []
                    var failedOutsideAnswers = handedOver != nil
                    if handedOver == nil {
                        let first = buildAll(order, false, toolchain, checkObjects)
                        (again, failedOutsideAnswers) = (first.again, first.failedOutside)
                    }
                    // A recorded shared build that no longer works (a module file deleted by hand,
                    // say): build it again with SwiftPM before the retries, as if there had been no
                    // record. Not if it was made again since the shared pass failed on it.
                    let sameBuild = sharedPassBuild == nil || sharedPassBuild == checkObjects.sharedBuild
                    if prepared.reused && failedOutsideAnswers && sameBuild {
                        toolchain = try BatchToolchain.prepare(root: root, folder: workFolder, reuse: false).toolchain
                        // Keys against the build made now: an object compiled against another build is
                        // not taken (one made against an identical build is).
                        checkObjects = checkObjects.against(sharedBuildIn: workFolder)
                    }
                    _ = buildAll(again, true, toolchain, checkObjects)
                    afterBuilds?(built.withLock { $0 })
                    if runsHoldTheLock { finishRuns(afterFailure: false) }
                }
            }
        } catch {
            sharedBuildFailure = error
        }
        // The lock released: the checks run (or, with `runWhileBuilding`, finish running). After a
        // failure of the shared build, those of answers already built too (a shared pass built
        // them before it handed the rest over), unless checks may only run under the lock.
        let nothingToRun = runsHoldTheLock || built.withLock { $0.allSatisfy { $0 == nil } }
        finishRuns(afterFailure: sharedBuildFailure != nil && nothingToRun)
        if let sharedBuildFailure {
            // The shared build failed: every answer still waiting gets the same one line.
            let message = "\(sharedBuildFailure)"
            for (index, _, _) in pending where outcomes.withLock({ $0[index] == nil }) {
                settle(index, Self.toolchainOutcome(message))
            }
        }
        return outcomes.withLock { $0.map { $0 ?? Self.toolchainOutcome("the answer was not graded") } }
    }

    /// One built answer's run, refused if its binary is not the one its build made.
    func run(_ answer: Built, grader: Grader, sources: Grader.CheckSources, inspect: Bool = true) -> CheckOutcome {
        guard BinaryStamp(answer.build.binary) == answer.stamp else {
            return CheckOutcome(
                stage: .forbidden, messages: ["refused: the check's binary changed after it was built"], details: "")
        }
        var limits = limits
        limits.wallSeconds = min(limits.wallSeconds, grader.exercise.timeLimitSeconds)
        let judgeOnce = {
            try grader.judge(
                binary: answer.build.binary, studentObjects: answer.build.studentObjects,
                fingerprint: answer.fingerprint, sources: sources, limits: limits, inspect: inspect)
                ?? CheckOutcome(
                    stage: .forbidden, messages: ["refused: the check that ran was not built from this answer"],
                    details: "")
        }
        do {
            return try Self.runningAgainIfOnlyLate(judgeOnce)
        } catch {
            return Self.toolchainOutcome("\(error)")
        }
    }

    /// `judge`'s verdict, and for a run refused only by bounds on the clock (`CheckOutcome.onlyLate`)
    /// the verdict of one more run, which stands whatever it is: sentences true of the run that
    /// gave them. Once only, so an answer that is late by its code costs one more run, not a loop.
    static func runningAgainIfOnlyLate(_ judge: () throws -> CheckOutcome) rethrows -> CheckOutcome {
        let first = try judge()
        guard first.onlyLate else { return first }
        var second = try judge()
        second.lateBefore = first.messages
        return second
    }

    /// One pass of builds: the answers to build again alone, and whether any build failed outside
    /// its answer (the toolchain, the shared build, the disk).
    final class BuildPass: Sendable {
        let retry = Locked<[Int]>([])
        let failedOutsideAnswers = Locked(false)

        /// The answers to build again alone, in the batch's order.
        var again: [Int] { retry.withLock { $0.sorted() } }
        var failedOutside: Bool { failedOutsideAnswers.withLock { $0 } }
    }

    /// Whether an answer whose build failed in its own code after `seconds` is built again alone.
    /// An answer compiles in seconds; one written to fail after stalling the type checker (about 4 s
    /// per expression given up on, and each is an error of its own) was built twice, the second time
    /// alone while no other build ran: helper 125's audit's answer took 48 s in `lab grade` for two
    /// compiles of 22 s, and one such answer per exercise would cost a class two such builds each.
    /// Past half its limit, its failure is final: an answer's builds take at most about its limit
    /// in all, as one stopped at the limit does.
    static func triesAgainAlone(afterFailingIn seconds: Double, limit: Double) -> Bool {
        seconds < limit / 2
    }

    static func toolchainOutcome(_ message: String) -> CheckOutcome {
        CheckOutcome(stage: .compile, messages: ["\(ExerciseError.toolchain(message))"], details: "")
    }
}
