import Foundation
import Testing

@testable import LabCore
@testable import LabExercises
@testable import LabFiles

/// A check compiled once for the answers whose module it sees the same (`CheckObjects`): only
/// an identical compile is skipped, and every answer keeps its own verdict.
@Suite("Checks' objects: compiled once per answer module")
struct CheckObjectsTests {
    static func store() throws -> CheckObjects {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("lab-check-objects-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return CheckObjects(folder: folder)
    }

    static let sources = Grader.CheckSources(
        given: "", check: "func runCheck() {}", support: "", main: "@main enum M { static func main() {} }")

    static func key(
        module: String, check: String = sources.check, support: String = "", interface: String = "interface 1"
    ) -> CheckObjects.Key {
        CheckObjects.Key(
            sources: Grader.CheckSources(given: "", check: check, support: support, main: sources.main),
            flags: ["-Onone"], module: Data(module.utf8), interface: Data(interface.utf8))
    }

    /// One build at a time compiles a given check: the next one asking waits until that compile has
    /// ended, and then compiles nothing (in `BatchBuild`, it restores the object kept). Another key
    /// is not held up, and a key let go may be claimed again.
    @Test func oneBuildAtATimeCompilesACheck() throws {
        let store = try Self.store()
        defer { store.empty() }
        let inFlight = store.against(sharedBuildIn: store.folder).inFlight
        expect(inFlight === store.inFlight, "every copy of the store shares it")
        let key = Self.key(module: "module A")
        expect(inFlight.claim(key) == nil, "nobody compiles it: the caller does")
        let other = try unwrap(inFlight.claim(key), "compiled already: wait")
        expectEqual(other.wait(timeout: .now() + 0.05), .timedOut, "still compiling")
        expect(inFlight.claim(Self.key(module: "module B")) == nil, "another check is not held up")
        inFlight.finished(key)
        expectEqual(other.wait(timeout: .now() + 60), .success, "the compile's end lets the waiter go")
        expect(inFlight.claim(key) == nil, "let go: claimed afresh")
        inFlight.finished(key)
        inFlight.finished(key)  // twice: nothing to let go
    }

    @Test func anObjectKeptIsRestoredForTheSameInputsOnly() throws {
        let store = try Self.store()
        defer { store.empty() }
        let compiled = store.folder.appendingPathComponent("compiled.o")
        try Data("the object".utf8).write(to: compiled)
        store.keep(Self.key(module: "module A"), object: compiled)

        let restored = store.folder.appendingPathComponent("restored.o")
        expect(store.restore(Self.key(module: "module A"), to: restored))
        try expectEqual(Data(contentsOf: restored), Data("the object".utf8))
        // Another module, or the same module under another check, another support module or
        // another build of the shared library: compiled, not restored.
        expect(!store.restore(Self.key(module: "module B"), to: restored))
        expect(!store.restore(Self.key(module: "module A", check: "func runCheck() { }"), to: restored))
        expect(!store.restore(Self.key(module: "module A", support: "func expect() {}"), to: restored))
        expect(!store.restore(Self.key(module: "module A", interface: "interface 2"), to: restored))
    }

    /// The hash names the file only: an entry that another key wrote under the same name, or
    /// one cut short by a crash, is not restored.
    @Test func anEntryOfAnotherKeyOrCutShortIsNotRestored() throws {
        let store = try Self.store()
        defer { store.empty() }
        let compiled = store.folder.appendingPathComponent("compiled.o")
        try Data("the object".utf8).write(to: compiled)
        let wanted = Self.key(module: "module A")
        store.keep(Self.key(module: "module B"), object: compiled)
        let entry = store.folder.appendingPathComponent(store.entries.fileName(for: wanted))
        try FileManager.default.moveItem(
            at: store.folder.appendingPathComponent(store.entries.fileName(for: Self.key(module: "module B"))),
            to: entry)
        let restored = store.folder.appendingPathComponent("restored.o")
        expect(!store.restore(wanted, to: restored))

        store.keep(wanted, object: compiled)
        expect(store.restore(wanted, to: restored))
        let whole = try Data(contentsOf: entry)
        // Cut inside the object, inside its length, inside the key, and inside the key's length.
        for length in [whole.count - 3, whole.count - 10 - 3, whole.count - 10 - 8 - 5, 5] {
            try whole.prefix(length).write(to: entry)
            expect(!store.restore(wanted, to: restored), "an entry cut to \(length) of \(whole.count) bytes")
        }
    }

    /// Each part counted with its length: a check and flags that split the same text differently
    /// make different keys.
    @Test func partsThatJoinToTheSameTextMakeDifferentKeys() {
        let one = CheckObjects.Key(sources: Self.sources, flags: ["-D", "A"], module: Data(), interface: Data())
        let other = CheckObjects.Key(sources: Self.sources, flags: ["-DA"], module: Data(), interface: Data())
        expectNotEqual(one, other)
        expectEqual(
            one, CheckObjects.Key(sources: Self.sources, flags: ["-D", "A"], module: Data(), interface: Data()))
    }

    @Test func theStoreKeepsItsMostRecentlyUsedEntriesAndSweepsHalfWrittenOnes() throws {
        var store = try Self.store()
        defer { store.empty() }
        store.capacity = 4
        let compiled = store.folder.appendingPathComponent("compiled.o")
        try Data("the object".utf8).write(to: compiled)
        let keys = (0..<6).map { Self.key(module: "module \($0)") }
        for (age, key) in keys.enumerated() {
            store.keep(key, object: compiled)
            // Older the earlier kept, by a minute each.
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: Double(age - 10) * 60)],
                ofItemAtPath: store.folder.appendingPathComponent(store.entries.fileName(for: key)).path)
        }
        // The oldest used just now: it stays.
        expect(store.restore(keys[0], to: store.folder.appendingPathComponent("restored.o")))
        let partial = store.folder.appendingPathComponent(".crashed.partial")
        try Data("half".utf8).write(to: partial)
        store.trim()
        let left = try FileManager.default.contentsOfDirectory(atPath: store.folder.path)
            .filter { $0.hasSuffix(".checkobject") }
        expectEqual(Set(left), Set([keys[0], keys[5]].map { store.entries.fileName(for: $0) }), "\(left)")
        expect(!FileManager.default.fileExists(atPath: partial.path))
    }

    /// A batch under the shared lock asks whether the store needs trimming (then it takes the lock
    /// exclusive): over capacity, or a half-written file too old to be a write in progress.
    @Test func theStoreWantsTrimmingOverCapacityOrWithAStaleHalfWrittenFile() throws {
        var store = try Self.store()
        defer { store.empty() }
        store.capacity = 2
        expect(!store.wantsTrim())
        let compiled = store.folder.appendingPathComponent("compiled.o")
        try Data("the object".utf8).write(to: compiled)
        for index in 0..<2 { store.keep(Self.key(module: "module \(index)"), object: compiled) }
        expect(!store.wantsTrim(), "at capacity")
        // Another batch's write in progress: not stale.
        let partial = store.folder.appendingPathComponent(".writing.partial")
        try Data("half".utf8).write(to: partial)
        expect(!store.wantsTrim())
        expect(store.wantsTrim(now: Date(timeIntervalSinceNow: AtomicFile.staleAfter + 5)), "a stale partial file")
        try FileManager.default.removeItem(at: partial)
        store.keep(Self.key(module: "module 2"), object: compiled)
        expect(store.wantsTrim(), "over capacity")
        store.trim()
        expect(!store.wantsTrim())
    }

    /// A kept check object that cannot be read (a file damaged on disk, say) is not the answer's
    /// doing: the build that meets it forgets it and compiles the check again, and keeps the new one.
    @Test func aKeptObjectThatCannotBeReadIsForgottenAndCompiledAgain() async throws {
        let workFolder = TestLab.root.appendingPathComponent(".build-exercises/batch")
        let storeFolder = FileManager.default.temporaryDirectory
            .appendingPathComponent("lab-damaged-object-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: storeFolder) }
        let exercise = BatchGradingTests.exercise
        let solution = try String(contentsOf: TestLab.folder(exercise).solution, encoding: .utf8)
        let sources = try Grader(root: TestLab.root, exercise: exercise).checkSources()
        // Under the batches' lock, as a batch builds; on a thread of its own (the lock and the compiler are waited for).
        let lock = workFolder.appendingPathComponent("batch.lock")
        let outcomes = try await OnAThreadOfItsOwn.blockingWork(named: "damaged kept object") {
            // Made whole under the lock exclusive (it may run SwiftPM), then built from beside other
            // batches (shared), as a batch builds.
            let toolchain = try FileLock.withLock(at: lock) { try TestLab.wholeSharedBuild(in: workFolder) }
            return try FileLock.withLock(at: lock, mode: .shared) {
                let store = CheckObjects(folder: storeFolder).against(sharedBuildIn: workFolder)
                let build = { () throws -> BatchBuild.Outcome in
                    let build = BatchBuild(
                        folder: workFolder.appendingPathComponent("runs/damaged-object-test-\(UUID().uuidString)"))
                    defer { try? FileManager.default.removeItem(at: build.folder) }
                    return try build.build(
                        code: solution, fingerprint: .fresh(), sources: sources, mode: exercise.mode.compilerFlags,
                        toolchain: toolchain, checkObjects: store)
                }
                let first = try build()
                // Each entry keeps its key, and its object becomes bytes no linker takes.
                for entry in try FileManager.default.contentsOfDirectory(
                    at: storeFolder, includingPropertiesForKeys: nil)
                where entry.pathExtension == "checkobject" {
                    var rest = try Data(contentsOf: entry)[...]
                    let key = try unwrap(KeptEntries.part(of: &rest))
                    var damaged = Data()
                    KeptEntries.append(Data(key), to: &damaged)
                    KeptEntries.append(Data("not an object file".utf8), to: &damaged)
                    try damaged.write(to: entry)
                }
                return [first, try build(), try build()]
            }
        }
        let reused = outcomes.map { outcome -> Bool? in
            guard case .built(_, let checkReused, _) = outcome else { return nil }
            return checkReused
        }
        // Compiled; met damaged, so compiled again; the object kept then, taken.
        expectEqual(reused, [false, false, true], "\(outcomes)")
    }

    /// A `#filePath` is the path of the file that uses it: as a default argument of the answer's,
    /// the check's own path, with its answer's folder, goes into the check's object.
    @Test func aSourceThatMayNameItsFolderIsNeverKeyed() {
        expect(CheckObjects.Key.namesItsFolder(["func f(file: String = #filePath) {}"]))
        expect(CheckObjects.Key.namesItsFolder(["", "let here = #file"]))
        expect(!CheckObjects.Key.namesItsFolder(["func f(line: Int = #line) {}", "let id = \"file\""]))
    }

    /// In a batch: the check compiled for the first answer, taken for the answers whose module
    /// is the same (a body that crashes, a body that waits for nothing) and, 02 having a face
    /// (`AnswerFace`), for an answer that declares something more; compiled again for each answer
    /// that may name its folder (two with the same module, each passing only if the check's
    /// `#filePath` is in its own folder); every verdict its own.
    @Test func aBatchCompilesTheCheckOnceForAnswersThatDeclareTheSame() async throws {
        let exercise = BatchGradingTests.exercise
        let helper =
            BatchGradingTests.header
            + "func startIt(_ model: DemoModel) -> Task<Void, Never> { Task { await model.doSomething() } }\n"
            + "func buttonTapped(_ model: DemoModel) -> Task<Void, Never> { startIt(model) }\n"
        let noWait =
            BatchGradingTests.header + "func buttonTapped(_ model: DemoModel) -> Task<Void, Never> { Task {} }\n"
        let ownFolder =
            BatchGradingTests.header
            + "func buttonTapped(_ model: DemoModel, file: String = #filePath) -> Task<Void, Never> {\n"
            + "    let own = String(#filePath.dropLast(\"/Sources/StudentCode/Exercise.swift\".count))\n"
            + "    return file.hasPrefix(own + \"/\") ? Task { await model.doSomething() } : Task {}\n}\n"
        let (folder, files) = try BatchGradingTests.answers([
            "crashes": BatchGradingTests.crashes, "helper": helper, "noWait": noWait, "ownFolder": ownFolder,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let solution = TestLab.folder(exercise).solution
        // One build at a time, so which compile comes first is fixed; the batch's own store.
        var grading = BatchGrading(root: BatchGradingTests.root, buildWorkers: 1, runWorkers: 2)
        grading.keepsCheckObjects = false
        // In the order given: which answer compiles the check is what is asserted.
        grading.ordersByDuration = false
        let reused = Locked<[Bool?]>([])
        grading.afterBuilds = { built in reused.withLock { $0 = built.map { $0?.checkReused } } }
        let order = [
            solution, files["crashes"]!, files["helper"]!, files["noWait"]!, files["ownFolder"]!, files["ownFolder"]!,
        ]
        let outcomes = await grading.grade(
            order.map { BatchGrading.Answer(exercise: exercise, source: $0, scan: false) })

        expectEqual(reused.withLock { $0 }, [false, true, true, true, false, false])
        expect(outcomes[0].passed, "\(outcomes[0].messages)")
        expectEqual(outcomes[1].stage, .crash, "\(outcomes[1].stage) \(outcomes[1].messages)")
        expect(outcomes[2].passed, "the answer with a helper: \(outcomes[2].messages) \(outcomes[2].details)")
        expect(!outcomes[3].passed, "the task that waits for nothing: \(outcomes[3].messages)")
        expectNotEqual(outcomes[3].stage, .crash, "its own verdict, not its neighbour's crash: \(outcomes[3].stage)")
        for index in [4, 5] {
            expect(outcomes[index].passed, "the check's path in its own folder: \(outcomes[index].messages)")
        }
    }
}

/// `--verify`'s line about the checks: where its build time went, from the batch's own counts.
@Suite("--verify says how many checks it compiled")
struct VerifyChecksSentenceTests {
    @Test func theSentenceIsChosenFromTheCounts() {
        expectEqual(ExerciseCommands.checksSentence((reused: 0, built: 0)), nil)
        expectEqual(
            ExerciseCommands.checksSentence((reused: 0, built: 12)),
            "Each of the 12 answers built compiled its own check.")
        expectEqual(
            ExerciseCommands.checksSentence((reused: 171, built: 259)),
            "Checks compiled for 88 answers of the 259 built; 171 answers linked the check already compiled "
                + "against their exercise's face or a module identical to theirs (in this run or one before).")
        expectEqual(
            ExerciseCommands.checksSentence((reused: 1, built: 2))?.hasPrefix(
                "Checks compiled for 1 answer of the 2 built; 1 answer linked"), true)
        expectEqual(
            ExerciseCommands.checksSentence((reused: 0, built: 1)), "The 1 answer built compiled its own check.")
        expectEqual(
            ExerciseCommands.checksSentence((reused: 4, built: 4)),
            "All 4 answers built linked a check already compiled against their exercise's face or a module identical to theirs."
        )
        expectEqual(
            ExerciseCommands.checksSentence((reused: 1, built: 1)),
            "The 1 answer built linked a check already compiled against its exercise's face or a module identical to its own."
        )
    }
}
