import Foundation
import LabCore
import LabFiles

/// One answer's build in a batch, in a folder of its own laid out as `lab check`'s package
/// (`Sources/StudentCode/Exercise.swift`, `Sources/check/Check.swift`), so the same
/// diagnostics and blame apply: the answer's module, then its check against that module
/// only (`-I` names this folder's modules and the shared library's, nobody else's), then the
/// link with the shared objects. Three steps, no package to plan; in a batch, not even the
/// driver (`CompilerJobs`).
struct BatchBuild: Sendable {
    let folder: URL

    var modules: URL { folder.appendingPathComponent("modules") }
    var studentObjects: URL { folder.appendingPathComponent("objects/StudentCode") }
    var checkObject: URL { folder.appendingPathComponent("objects/check.o") }
    var binary: URL { folder.appendingPathComponent("bin/check") }

    enum Outcome: Sendable {
        /// `checkReused`: the check's object came from `CheckObjects`, not from a compile of its own;
        /// `answerReused`: the answer's module came from `AnswerModules`.
        case built(BinaryStamp, checkReused: Bool, answerReused: Bool)
        /// The compiler's or linker's output, and whether the errors are in this answer's folder.
        case failed(output: String, inAnswer: Bool)
        /// A step still running after the limit (seconds), stopped.
        case timedOut(Double)
        /// The compiler crashed compiling the answer's module or its check against it, with no error
        /// of the lab's to explain it (see `CompilerCrash`): the compiler's output.
        case compilerCrashed(output: String)
    }

    /// Writes the sources and builds them. A folder used before is emptied first: no earlier
    /// object or binary can stand in for this build's. With `jobs` (planned for this `mode`) the
    /// driver's jobs are started directly; without, the driver plans and starts them. With
    /// `checkObjects`, the check's compile is skipped when the store has its object for this
    /// answer's module, and its object kept otherwise (see `CheckObjects`); with `answerModules`,
    /// likewise the answer's own compile for its code (see `AnswerModules`). The fingerprint is
    /// this build's own (see `BuildFingerprint`).
    func build(
        code: String, fingerprint: BuildFingerprint, sources: Grader.CheckSources, mode: [String],
        toolchain: BatchToolchain, jobs: CompilerJobs? = nil, checkObjects: CheckObjects? = nil,
        answerModules: AnswerModules? = nil, limit: Double = 120
    ) throws -> Outcome {
        let key = answerModules?.key(code: code, given: sources.given, flags: toolchain.studentFlags + mode)
        let made = try attempt(
            code: code, fingerprint: fingerprint, sources: sources, mode: mode, toolchain: toolchain, jobs: jobs,
            checkObjects: checkObjects, answerModule: key.flatMap { key in answerModules.map { ($0, key) } },
            limit: limit)
        if let made { return made }
        // A check, a link or the objects' reading before it that failed against a module restored
        // from the store: the entry is forgotten, and the answer built again from its code, so the
        // failure's words (or the success) are a fresh compile's.
        if let key { answerModules?.forget(key) }
        // Without a module from the store, an attempt always has an outcome: never the fallback.
        return try attempt(
            code: code, fingerprint: fingerprint, sources: sources, mode: mode, toolchain: toolchain, jobs: jobs,
            checkObjects: checkObjects, answerModule: nil, limit: limit
        ) ?? .failed(output: "error: the answer's build failed twice outside its answer", inAnswer: false)
    }

    /// One try at the build: its outcome, or nil when a later step failed against an answer's
    /// module restored from the store (the caller builds again without it).
    private func attempt(
        code: String, fingerprint: BuildFingerprint, sources: Grader.CheckSources, mode: [String],
        toolchain: BatchToolchain, jobs: CompilerJobs?, checkObjects: CheckObjects?,
        answerModule: (store: AnswerModules, key: AnswerModules.Key)?, limit: Double
    ) throws -> Outcome? {
        try? FileManager.default.removeItem(at: folder)
        let files: [(String, String)] = [
            ("Sources/StudentCode/Exercise.swift", fingerprint.code(code)),
            ("Sources/StudentCode/Given.swift", sources.given),
            // At the line it has in the lab's check file, so a diagnostic's line is that file's.
            ("Sources/check/Check.swift", String(repeating: "\n", count: sources.checkLine - 1) + sources.check),
            ("Sources/check/CheckMain.swift", sources.main),
        ]
        for (path, text) in files { try ScratchFile.write(Data(text.utf8), to: folder.appendingPathComponent(path)) }
        for made in [modules, studentObjects, binary.deletingLastPathComponent()] {
            try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        }
        let temporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let planned =
            jobs?.steps(in: folder)
            ?? driverSteps(mode: mode, toolchain: toolchain).map {
                [[toolchain.swiftc] + $0]
            }
        var checkReused = false
        var restored: CheckObjects.Key? = nil
        // A check compile this build claimed (see `KeptEntries.InFlight`): let go when
        // its step ends, and whatever way this build ends.
        var claimed: CheckObjects.Key? = nil
        defer { if let claimed { checkObjects?.inFlight.finished(claimed) } }
        // The same for the answer's own compile (held until the build has succeeded and its module
        // is kept), and whether its module came from the store.
        var answerReused = false
        var answerClaimed: AnswerModules.Key? = nil
        // Each object as read once it is this build's, by its path: the check's when it is restored
        // or compiled, the answer's at the link. The link's refusal and list read them from here,
        // not from the files again.
        var read: [String: LinkerRequests.Reading] = [:]
        defer { if let answerClaimed { answerModule?.store.inFlight.finished(answerClaimed) } }
        for (number, planned) in planned.enumerated() {
            // The link writes this build's fingerprint (where the linker does: `BuildFingerprint`).
            guard let step = number == Self.linkStep ? fingerprint.linking(planned) : planned else {
                throw ExerciseError.toolchain(
                    "the link (\(planned.compactMap(\.first).joined(separator: ", "))) starts no linker the grader "
                        + "can give the build's fingerprint to")
            }
            if number == Self.answerStep, let answerModule {
                let (store, key) = answerModule
                var reused = store.restore(key, object: answerObject, module: answerModuleFile)
                if !reused, let other = store.inFlight.claim(key) {
                    // Another build compiling this very code: its module, once kept, serves here too.
                    other.wait()
                    reused = store.restore(key, object: answerObject, module: answerModuleFile)
                } else if !reused {
                    answerClaimed = key
                }
                if reused {
                    answerReused = true
                    continue
                }
            }
            // The second step compiles the check, against the module the first step wrote.
            let key =
                number == Self.checkStep
                ? checkObjects.flatMap {
                    checkKey(code: code, sources: sources, mode: mode, toolchain: toolchain, store: $0)
                } : nil
            if let key, let store = checkObjects {
                var reading = reuseKept(key, from: store)
                if reading == nil, let other = store.inFlight.claim(key) {
                    // Another build compiling this very check: its object, once kept, serves here too.
                    other.wait()
                    reading = reuseKept(key, from: store)
                } else if reading == nil {
                    claimed = key
                }
                if let reading {
                    read[checkObject.path] = reading
                    checkReused = true
                    restored = key
                    continue
                }
            }
            // Before the link, what the objects ask the linker for (see `LinkerRequests`). An object
            // restored from the store that is refused was damaged there (the answer's own compile
            // wrote one that passed, else it was not kept): built again from the code (see `build`),
            // not blamed on the answer, which every later grading of the same code would be.
            if number == Self.linkStep {
                read[answerObject.path] = LinkerRequests.read(answerObject)
                let objects = [answerObject, checkObject]
                if let refusal = LinkerRequests.refusal(
                    objects.map { ($0, read[$0.path] ?? LinkerRequests.read($0)) })
                {
                    return answerReused ? nil : .failed(output: "error: " + refusal, inAnswer: true)
                }
            }
            var commands = step
            // A check against its exercise's stub of the answer's module (`AnswerFace`): the stub
            // compiled first, and the check's compile pointed at it, never at the answer's.
            if number == Self.checkStep, let stub = sources.stub {
                if let failed = try compileStub(stub, mode: mode, toolchain: toolchain, limit: limit) { return failed }
                guard let against = Self.againstStub(step, modules: modules.path, stub: stubModules.path) else {
                    throw ExerciseError.toolchain(
                        "the check's compile names no module folder to point at the answer's stub")
                }
                commands = against
            }
            for (index, job) in commands.enumerated() {
                if let autolink = jobs?.autolink, autolink.step == number, autolink.index == index,
                    autolink.write(in: folder, read: read)
                {
                    continue
                }
                let result = try run("/usr/bin/env", ["TMPDIR=\(temporary.path)"] + job, timeout: limit)
                if result.timedOut { return .timedOut(limit) }
                guard result.status == 0 else {
                    // Against a module from the store: built again from the code (see `build`), and its
                    // check too, should the check's object kept be what failed.
                    if answerReused {
                        if let restored { checkObjects?.forget(restored) }
                        return nil
                    }
                    let inAnswer = Grader.errorsInPackage(result.output, package: folder)
                    if !inAnswer, number <= Self.checkStep, CompilerCrash.isCrash(result.output) {
                        return .compilerCrashed(output: result.output)
                    }
                    // A kept object that a link failed on outside the answer: not taken again.
                    if !inAnswer, let restored { checkObjects?.forget(restored) }
                    // The adaptor's errors, and none of the answer's own: an error of its own that the
                    // compiler finds only after type-checking (a data race's) would be hidden by them.
                    if number == Self.answerStep, inAnswer, sources.stub != nil, !Grader.errorsInAnswer(result.output),
                        let own = try answersOwnErrors(sources: sources, mode: mode, toolchain: toolchain, limit: limit)
                    {
                        return .failed(output: own, inAnswer: true)
                    }
                    return .failed(output: result.output, inAnswer: inAnswer)
                }
            }
            // Not an object the refusal below cannot read: that one is refused at the link, and the
            // answer's declarations (its default arguments) are compiled into it too.
            if number == Self.checkStep {
                let reading = LinkerRequests.read(checkObject)
                read[checkObject.path] = reading
                if let key, reading.entries != nil { checkObjects?.keep(key, object: checkObject) }
            }
            if let done = claimed, number == Self.checkStep {
                checkObjects?.inFlight.finished(done)
                claimed = nil
            }
        }
        // Kept only for a build that succeeded whole: one whose check does not compile with it is
        // compiled afresh each time, as before (restored, it would be compiled twice: see `build`).
        // Its claim, held until now, lets another build of the same code restore it.
        if let done = answerClaimed { answerModule?.store.keep(done, object: answerObject, module: answerModuleFile) }
        // What the run needs is the binary and the answer's objects (the grader inspects them):
        // the rest goes now, so a class's worth of builds waiting for their runs stays small.
        for done in [temporary, modules, stubModules, checkObject, folder.appendingPathComponent("Sources")] {
            try? FileManager.default.removeItem(at: done)
        }
        guard let stamp = BinaryStamp(binary) else {
            throw ExerciseError.toolchain("the linker reported success but wrote no check at \(binary.path)")
        }
        return .built(stamp, checkReused: checkReused, answerReused: answerReused)
    }

    /// The steps, in order: the answer's module, the check, the link.
    static let answerStep = 0
    static let checkStep = 1
    static let linkStep = 2

    var answerObject: URL { studentObjects.appendingPathComponent("StudentCode.o") }
    var answerModuleFile: URL { modules.appendingPathComponent("StudentCode.swiftmodule") }

    /// The check's object kept for `key`, now this build's, as read; nil when there is none. A kept
    /// object that cannot be read (a file damaged on disk) is not the answer's doing: forgotten, and
    /// the check compiled again as if none had been kept.
    func reuseKept(_ key: CheckObjects.Key, from store: CheckObjects) -> LinkerRequests.Reading? {
        guard store.restore(key, to: checkObject) else { return nil }
        let reading = LinkerRequests.read(checkObject)
        if reading.entries != nil { return reading }
        store.forget(key)
        try? FileManager.default.removeItem(at: checkObject)
        return nil
    }

    /// Everything the check's object depends on, this answer's module included (or, where the
    /// exercise declares the answer's face, its stub's source and the answer's flags in its place:
    /// the same key for every answer); nil when that module or the shared build's record cannot be
    /// read, or a source may name its folder (the compile then runs as it would without a store).
    func checkKey(
        code: String, sources: Grader.CheckSources, mode: [String], toolchain: BatchToolchain, store: CheckObjects
    ) -> CheckObjects.Key? {
        guard let interface = store.interfaces?.check,
            !CheckObjects.Key.namesItsFolder([code, sources.given, sources.check, sources.main])
        else { return nil }
        if let stub = sources.stub {
            return CheckObjects.Key(
                sources: sources,
                flags: toolchain.checkFlags + ["against a stub compiled with"] + toolchain.studentFlags + mode,
                module: Data(stub.utf8), interface: interface)
        }
        guard let module = try? Data(contentsOf: answerModuleFile) else { return nil }
        return CheckObjects.Key(sources: sources, flags: toolchain.checkFlags, module: module, interface: interface)
    }

    /// The stub of the answer's module a faced check is compiled against (`AnswerFace`).
    var stubModules: URL { folder.appendingPathComponent("stub-modules") }

    /// Compiles `stub` into `stubModules` as the answer's module (its name, flags and mode), its
    /// module file only; the failure's outcome, if any. Not the answer's doing: the stub is the
    /// lab's text alone.
    func compileStub(_ stub: String, mode: [String], toolchain: BatchToolchain, limit: Double) throws -> Outcome? {
        let source = folder.appendingPathComponent("Sources/StudentCodeStub/Given.swift")
        try ScratchFile.write(Data(stub.utf8), to: source)
        let result = try emitAnswerModule(
            from: [source], into: stubModules, mode: mode, toolchain: toolchain, limit: limit)
        if result.timedOut { return .timedOut(limit) }
        guard result.status == 0 else {
            return .failed(
                output: "error: the check's stub of the answer's module did not compile:\n" + result.output,
                inAnswer: false)
        }
        return nil
    }

    /// Where the answer's module did not compile with its exercise's face and adaptor, and the
    /// errors were all theirs: the answer's code compiled with the given code alone (what the
    /// student sees as given), its output where that has errors in the answer's file. The compiler
    /// stops after type-checking when the adaptor has errors, so an error the answer has in its
    /// later passes (region isolation's: a task that captures a non-Sendable `self`) was never
    /// found, and the student would be told the answer had none (helper 199, exercise 24).
    func answersOwnErrors(sources: Grader.CheckSources, mode: [String], toolchain: BatchToolchain, limit: Double)
        throws -> String?
    {
        let given = folder.appendingPathComponent("Sources/StudentCodeAlone/Given.swift")
        try ScratchFile.write(Data(AnswerFace.studentGiven(sources.given).utf8), to: given)
        let result = try emitAnswerModule(
            from: [folder.appendingPathComponent("Sources/StudentCode/Exercise.swift"), given],
            into: folder.appendingPathComponent("alone"), mode: mode, toolchain: toolchain, limit: limit)
        return !result.timedOut && result.status != 0 && Grader.errorsInAnswer(result.output) ? result.output : nil
    }

    /// `sources` compiled through the driver as the answer's module (its name, flags and mode)
    /// into `modules`, the module file only: the mandatory passes run (their diagnostics are
    /// errors too), no code is generated.
    func emitAnswerModule(
        from sources: [URL], into modules: URL, mode: [String], toolchain: BatchToolchain, limit: Double
    )
        throws -> ProcessOutput
    {
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        return try run(
            "/usr/bin/env",
            ["TMPDIR=\(folder.appendingPathComponent("tmp").path)", toolchain.swiftc] + toolchain.studentFlags + mode
                + [
                    "-parse-as-library", "-module-name", RawMemorySymbols.answerModule, "-wmo",
                    "-no-emit-module-separately-wmo", "-emit-module", "-emit-module-path",
                    modules.appendingPathComponent("StudentCode.swiftmodule").path,
                ] + sources.map(\.path), timeout: limit)
    }

    /// `step` with its module folder (`-I modules`) pointed at `stub`; nil where no job names it
    /// (a check compiled otherwise might find the answer's own module).
    static func againstStub(_ step: [[String]], modules: String, stub: String) -> [[String]]? {
        var pointed = false
        let against = step.map { job in
            job.indices.map { index in
                guard index > 0, job[index - 1] == "-I", job[index] == modules else { return job[index] }
                pointed = true
                return stub
            }
        }
        guard pointed, !against.joined().contains(where: { $0.contains(modules) }) else { return nil }
        return against
    }

    /// The driver's arguments for the three steps, naming this build's files.
    func driverSteps(mode: [String], toolchain: BatchToolchain) -> [[String]] {
        let source = { (path: String) in folder.appendingPathComponent(path).path }
        return [
            toolchain.studentFlags + mode + [
                "-parse-as-library", "-module-name", RawMemorySymbols.answerModule, "-emit-module", "-emit-module-path",
                // One compiler job writes both the object and the module: the driver otherwise starts a
                // second to emit the module, about a tenth of a second more per answer.
                answerModuleFile.path, "-no-emit-module-separately-wmo",
                "-wmo", "-c", "-o",
                answerObject.path,
                source("Sources/StudentCode/Exercise.swift"), source("Sources/StudentCode/Given.swift"),
            ],
            toolchain.checkFlags + [
                "-I", modules.path, "-module-name", "check", "-wmo", "-c", "-o", checkObject.path,
                source("Sources/check/Check.swift"), source("Sources/check/CheckMain.swift"),
            ],
            // This answer's objects first: the driver writes the link's `check.autolink` beside the
            // first object it is given, which must be in this answer's folder, not the shared build's
            // (where two links at once would write and read the same file).
            toolchain.linkFlags + toolchain.linkerChoice + [
                "-emit-executable", "-module-name", "check", "-o", binary.path,
                answerObject.path, checkObject.path,
            ] + toolchain.linkedObjects,
        ]
    }

    /// The jobs of an answer's build in `mode`, planned once for a batch (see `CompilerJobs`).
    static func plan(mode: [String], toolchain: BatchToolchain, placeholder: URL) -> CompilerJobs? {
        CompilerJobs.plan(
            swiftc: toolchain.swiftc,
            steps: BatchBuild(folder: placeholder).driverSteps(mode: mode, toolchain: toolchain),
            placeholder: placeholder)
    }
}
