import Foundation
import Testing

@testable import LabCore
@testable import LabExercises
@testable import LabFiles

/// An answer compiled once for the same code (`AnswerModules`): only an identical compile is
/// skipped, a module that a later step fails against is built again from the code, and every
/// answer keeps its own link, fingerprint and verdict.
@Suite("Answers' modules: compiled once per code")
struct AnswerModulesTests {
    static func store(interface: String? = "interface 1") throws -> AnswerModules {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("lab-answer-modules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var store = AnswerModules(folder: folder)
        store.interface = interface.map { Data($0.utf8) }
        return store
    }

    /// The key holds the code, the given code, the flags and what the compile reads of the shared
    /// build, each whole; code that may name its folder, or a store with no shared build's record,
    /// is never keyed.
    @Test func theKeyIsEveryInputOfTheCompile() throws {
        let store = try Self.store()
        defer { store.empty() }
        let key = { (code: String, given: String, flags: [String]) in
            store.key(code: code, given: given, flags: flags)
        }
        guard BuildFingerprint.linked else {
            // Where the fingerprint is in the code, no two builds' code is the same: nothing is keyed.
            expectEqual(key("let a = 1", "", ["-Onone"]), nil)
            return
        }
        let first = try unwrap(key("let a = 1", "let given = 2", ["-Onone"]))
        expectEqual(key("let a = 1", "let given = 2", ["-Onone"]), first)
        expectNotEqual(key("let a = 2", "let given = 2", ["-Onone"]), first)
        expectNotEqual(key("let a = 1", "let given = 3", ["-Onone"]), first)
        expectNotEqual(key("let a = 1", "let given = 2", ["-O"]), first)
        // Parts counted with their lengths: the same text split another way is another key.
        expectNotEqual(key("let a = 1let given = 2", "", ["-Onone"]), first)
        var other = store
        other.interface = Data("interface 2".utf8)
        expectNotEqual(other.key(code: "let a = 1", given: "let given = 2", flags: ["-Onone"]), first)
        expectEqual(key("func f(file: String = #filePath) {}", "", ["-Onone"]), nil)
        expectEqual(try Self.store(interface: nil).key(code: "let a = 1", given: "", flags: []), nil)
    }

    /// An entry holds the object and the module, and restores both or neither.
    @Test func anEntryRestoresTheObjectAndTheModuleTogether() throws {
        let store = try Self.store()
        defer { store.empty() }
        let key = AnswerModules.Key(code: "code", given: "", flags: [], interface: Data("interface 1".utf8))
        let object = store.folder.appendingPathComponent("made.o")
        let module = store.folder.appendingPathComponent("made.swiftmodule")
        try Data("the object".utf8).write(to: object)
        try Data("the module".utf8).write(to: module)
        store.keep(key, object: object, module: module)
        let restoredObject = store.folder.appendingPathComponent("restored.o")
        let restoredModule = store.folder.appendingPathComponent("restored.swiftmodule")
        expect(store.restore(key, object: restoredObject, module: restoredModule))
        try expectEqual(Data(contentsOf: restoredObject), Data("the object".utf8))
        try expectEqual(Data(contentsOf: restoredModule), Data("the module".utf8))
        let otherKey = AnswerModules.Key(code: "code ", given: "", flags: [], interface: Data("interface 1".utf8))
        expect(!store.restore(otherKey, object: restoredObject, module: restoredModule))
        // An entry with the object only (cut where the module begins) restores nothing.
        let entry = store.folder.appendingPathComponent(store.entries.fileName(for: key))
        let whole = try Data(contentsOf: entry)
        try whole.prefix(whole.count - "the module".utf8.count - 8).write(to: entry)
        expect(!store.entries.restore(key, to: [restoredObject, restoredModule]))
        // An empty file is never kept.
        try Data().write(to: module)
        store.keep(key, object: object, module: module)
        expect(!store.restore(key, object: restoredObject, module: restoredModule))
    }

    /// One build of `code` as a batch builds it (the shared build's lock held), against the store
    /// in `storeFolder`: whether its module came from the store (nil: not built), and whether the
    /// binary its own link wrote passed, reporting that link's fingerprint.
    typealias Build = (_ code: String) throws -> (reused: Bool?, passed: Bool)

    /// Runs `body` with builds of `exercise` against a fresh store, and the exercise's solution;
    /// the store is removed after.
    static func withBuilds<Result: Sendable>(
        of exercise: Exercise = BatchGradingTests.exercise,
        _ body: @escaping @Sendable (_ build: Build, _ solution: String, _ storeFolder: URL) throws -> Result
    ) async throws -> Result {
        let workFolder = TestLab.root.appendingPathComponent(".build-exercises/batch")
        let storeFolder = FileManager.default.temporaryDirectory
            .appendingPathComponent("lab-answer-modules-built-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: storeFolder) }
        let solution = try String(contentsOf: TestLab.folder(exercise).solution, encoding: .utf8)
        let sources = try Grader(root: TestLab.root, exercise: exercise).checkSources()
        let grader = Grader(root: TestLab.root, exercise: exercise)
        let lock = workFolder.appendingPathComponent("batch.lock")
        return try await OnAThreadOfItsOwn.blockingWork(named: "answer modules") {
            // The shared build made whole (exclusive: it may run SwiftPM), then read beside other
            // batches (shared), as a batch builds: not the suite's other grading held up meanwhile.
            let toolchain = try FileLock.withLock(at: lock) { try TestLab.wholeSharedBuild(in: workFolder) }
            return try FileLock.withLock(at: lock, mode: .shared) {
                var store = AnswerModules(folder: storeFolder)
                store.interface = SharedBuildRecord.read(in: workFolder)?.interfaces.answer
                let build = { (code: String) throws -> (reused: Bool?, passed: Bool) in
                    let build = BatchBuild(
                        folder: workFolder.appendingPathComponent("runs/answer-modules-test-\(UUID().uuidString)"))
                    defer { try? FileManager.default.removeItem(at: build.folder) }
                    let fingerprint = BuildFingerprint.fresh()
                    let outcome = try build.build(
                        code: code, fingerprint: fingerprint, sources: sources, mode: exercise.mode.compilerFlags,
                        toolchain: toolchain, answerModules: store)
                    guard case .built(_, _, let answerReused) = outcome else { return (nil, false) }
                    // The binary reports the fingerprint its own link wrote.
                    let verdict = try grader.judge(
                        binary: build.binary, studentObjects: build.studentObjects, fingerprint: fingerprint.text,
                        sources: sources, limits: Sandbox.Limits())
                    return (answerReused, verdict?.passed == true)
                }
                return try body(build, solution, storeFolder)
            }
        }
    }

    /// Rewrites each entry in `storeFolder` with its key, and its files as `damage` makes them
    /// (given each file's index and bytes).
    static func damageEntries(in storeFolder: URL, _ damage: (Int, Data) -> Data) throws {
        for entry in try FileManager.default.contentsOfDirectory(at: storeFolder, includingPropertiesForKeys: nil)
        where entry.pathExtension == "answermodule" {
            var rest = try Data(contentsOf: entry)[...]
            var damaged = Data()
            KeptEntries.append(Data(try unwrap(KeptEntries.part(of: &rest))), to: &damaged)
            var index = 0
            while !rest.isEmpty {
                KeptEntries.append(damage(index, Data(try unwrap(KeptEntries.part(of: &rest)))), to: &damaged)
                index += 1
            }
            try damaged.write(to: entry)
        }
    }

    /// Built as a batch builds: the solution compiled, then restored for the same code, compiled
    /// for code that differs by a comment; a module damaged in the store is met by the check's
    /// compile, and the answer is built again from its code (and passes), its entry forgotten.
    /// Of an exercise without a face (21), whose check is compiled against the answer's module; a
    /// faced check reads a stub (`AnswerFace`), and a module damaged in the store is read by nothing.
    @Test func aBuildRestoresTheModuleForTheSameCodeAndBuildsAgainWhenItFails() async throws {
        guard BuildFingerprint.linked else { return }
        let unfaced = try unwrap(TestLab.catalog.exercise(named: "21"))
        try expect(Grader(root: TestLab.root, exercise: unfaced).checkSources().stub == nil, "21 has no face")
        let results = try await Self.withBuilds(of: unfaced) { build, solution, storeFolder in
            var results = [try build(solution), try build(solution), try build(solution + "\n// another\n")]
            // Each entry keeps its key and object, and its module becomes bytes no compiler reads.
            try Self.damageEntries(in: storeFolder) { index, file in index == 1 ? Data("not a module".utf8) : file }
            results += [try build(solution), try build(solution), try build(solution)]
            return results
        }
        // Compiled; restored; another code compiled; met damaged, so built again from the code (and
        // not kept then); compiled and kept; restored.
        expectEqual(results.map(\.reused), [false, true, false, false, false, true], "\(results)")
        expectEqual(results.map(\.passed), Array(repeating: true, count: 6), "\(results)")
    }

    /// An entry whose object is damaged (its module whole): the check compiles against the module,
    /// and the object, which the grader reads before the link, is no object. Not the answer's
    /// doing: built again from its code (and passes), never refused as its compiled code.
    @Test func anObjectDamagedInTheStoreIsBuiltAgainNotBlamedOnTheAnswer() async throws {
        guard BuildFingerprint.linked else { return }
        let results = try await Self.withBuilds { build, solution, storeFolder in
            let first = try build(solution)
            try Self.damageEntries(in: storeFolder) { index, file in index == 0 ? Data("not an object".utf8) : file }
            return [first, try build(solution), try build(solution)]
        }
        // Compiled; met damaged, so built again (not kept then: its entry was forgotten); compiled.
        expectEqual(results.map(\.reused), [false, false, false], "\(results)")
        expectEqual(results.map(\.passed), [true, true, true], "\(results)")
    }

    /// In a batch, two answers with the same code: the second waits for the first's build and links
    /// its module; each answer is linked and judged on its own.
    @Test func twoAnswersWithTheSameCodeInABatchCompileOnce() async throws {
        guard BuildFingerprint.linked else { return }
        let exercise = BatchGradingTests.exercise
        let solution = TestLab.folder(exercise).solution
        let (folder, files) = try BatchGradingTests.answers([
            "copy": try String(contentsOf: solution, encoding: .utf8), "crashes": BatchGradingTests.crashes,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        // The batch's own store (nothing kept from an earlier batch); two builds at once.
        var grading = BatchGrading(root: BatchGradingTests.root, buildWorkers: 2, runWorkers: 2)
        grading.keepsCheckObjects = false
        let reused = Locked<[Bool?]>([])
        grading.afterBuilds = { built in reused.withLock { $0 = built.map { $0?.answerReused } } }
        let outcomes = await grading.grade(
            [solution, files["copy"]!, files["crashes"]!].map {
                BatchGrading.Answer(exercise: exercise, source: $0, scan: false)
            })
        expectEqual(reused.withLock { $0 }.filter { $0 == true }.count, 1, "\(reused.withLock { $0 })")
        expectEqual(reused.withLock { $0 }.last, false, "the crashing answer's own code: compiled")
        expect(outcomes[0].passed, "\(outcomes[0].messages)")
        expect(outcomes[1].passed, "\(outcomes[1].messages)")
        expectEqual(outcomes[2].stage, .crash, "\(outcomes[2].stage) \(outcomes[2].messages)")
    }
}

/// `--verify`'s line about the answers' compiles, from the batch's own counts.
@Suite("--verify says how many answers it compiled")
struct VerifyAnswersSentenceTests {
    @Test func theSentenceIsChosenFromTheCounts() {
        expectEqual(ExerciseCommands.answersSentence((reused: 0, built: 0)), nil)
        expectEqual(
            ExerciseCommands.answersSentence((reused: 0, built: 12)),
            "Each of the 12 answers built was compiled from its code.")
        expectEqual(
            ExerciseCommands.answersSentence((reused: 0, built: 1)), "The 1 answer built was compiled from its code.")
        expectEqual(
            ExerciseCommands.answersSentence((reused: 528, built: 528)),
            "All 528 answers built linked their modules, compiled before from the same code.")
        expectEqual(
            ExerciseCommands.answersSentence((reused: 1, built: 1)),
            "The 1 answer built linked its module, compiled before from the same code.")
        expectEqual(
            ExerciseCommands.answersSentence((reused: 12, built: 528)),
            "Modules compiled for 516 answers of the 528 built; 12 answers linked the module already compiled "
                + "from the same code (in this run or one before).")
    }
}
