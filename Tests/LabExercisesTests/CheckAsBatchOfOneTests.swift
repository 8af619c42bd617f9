import Foundation
import Testing

@testable import LabCore
@testable import LabExercises
@testable import LabFiles

/// `lab check` (`Grader.grade`) grades one answer as a batch of one: its compile errors are
/// blamed on the student's file as before, an error the check reports names the lab's own
/// check file at the right line, and a recorded shared build that no longer works is built
/// again by SwiftPM instead of failing the student.
@Suite("lab check is a batch of one", .serialized)
struct CheckAsBatchOfOneTests {
    static let root = BatchGradingTests.root
    static let exercise = BatchGradingTests.exercise
    let grader = Grader(root: Self.root, exercise: Self.exercise)
    var batch: URL { Self.root.appendingPathComponent(".build-exercises/batch") }

    @Test func aSolutionPassesAndItsSharedBuildIsRecorded() async throws {
        let solution = grader.solutionFile
        let outcome = await grader.grade(source: solution)
        expect(outcome.passed, "\(outcome.messages) \(outcome.details)")
        // Read under the batch's lock (a batch beside this test may be building the package
        // again), waited for on a thread of its own.
        let batch = self.batch
        let recorded = try await OnAThreadOfItsOwn.blockingWork(named: "read the build record") {
            try FileLock.withLock(at: batch.appendingPathComponent("batch.lock")) {
                SharedBuildRecord.reusable(in: batch, root: Self.root, package: batch.appendingPathComponent("package"))
            }
        }
        expectNotEqual(recorded, nil, "the next check would run SwiftPM again")
    }

    @Test func aCompileErrorIsTheStudentsFile() async throws {
        let (folder, files) = try BatchGradingTests.answers(["broken": BatchGradingTests.broken])
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = await grader.grade(source: files["broken"]!, scan: false)
        expectEqual(outcome.stage, .compile)
        expectEqual(outcome.messages, ["\(Self.exercise.fileName) does not compile yet"])
        expectContains(outcome.details, "only this answer's error", "\(outcome.details)")
        expect(
            outcome.details.contains(StudentWorkspace(root: Self.root).displayPath(for: Self.exercise) + ":"),
            "\(outcome.details)")
        expectNotContains(outcome.details, ".build-exercises", "\(outcome.details)")
    }

    /// An answer without the function the check calls: the error is in the check, named by
    /// the lab's check file and the line the call is on there.
    @Test func anErrorInTheCheckNamesTheChecksOwnLine() async throws {
        let solution = try String(contentsOf: grader.solutionFile, encoding: .utf8)
        let renamed = solution.replacingOccurrences(of: "func buttonTapped(", with: "func buttonTappedRenamed(")
        expectNotEqual(renamed, solution)
        let (folder, files) = try BatchGradingTests.answers(["renamed": renamed])
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = await grader.grade(source: files["renamed"]!, scan: false)
        expectEqual(outcome.stage, .compile)
        let checkFile = "Exercises/\(Self.exercise.id)/check.swift"
        expectNotContains(outcome.details, ".build-exercises", "\(outcome.details)")
        let named = try unwrap(
            outcome.details.split(separator: "\n").first { $0.hasPrefix(checkFile + ":") }, "\(outcome.details)")
        let line = try unwrap(Int(named.dropFirst(checkFile.count + 1).prefix { $0.isNumber }))
        let checkLines = try String(contentsOf: Self.root.appendingPathComponent(checkFile), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        expect(checkLines[line - 1].contains("buttonTapped"), "line \(line) of \(checkFile): \(checkLines[line - 1])")
        // The file itself had no error: the headline says so, not "does not compile yet".
        expectEqual(
            outcome.messages.first?.contains("has no error of its own, but the check cannot be built with it"), true,
            "\(outcome.messages)")
    }

    /// Errors in the check whose notes point into the answer (an actor where the check reads the
    /// state on the main actor): the errors are shown with their notes, not the notes alone.
    @Test func notesIntoTheAnswerComeWithTheChecksErrors() {
        let package = URL(fileURLWithPath: "/tmp/lab-package")
        let answer = package.appendingPathComponent("Sources/StudentCode/Exercise.swift").path
        let check = package.appendingPathComponent("Sources/check/Check.swift").path
        let output = [
            "[3/5] Compiling check Check.swift",
            "\(check):32:17: error: actor-isolated property 'joke' can not be referenced from the main actor",
            "\(answer):6:22: note: property declared here",
            "\(answer):9:5: warning: unused value",
        ].joined(separator: "\n")
        let shown = grader.diagnostics(output, package: package)
        expectContains(shown, "error: actor-isolated property 'joke'", "\(shown)")
        expectContains(shown, "note: property declared here", "\(shown)")
        expectNotContains(shown, "warning", "\(shown)")
        expect(!Grader.errorsInAnswer(output))
        expect(Grader.errorsInAnswer("\(answer):1:1: error: expected declaration"))
    }

}

/// Not one of the serialized suite's tests above: it spoils the lab's shared build record only
/// while it holds the batch's lock, so it need not wait for them.
@Suite("a recorded build that no longer works")
struct RecordedBuildTests {
    static let root = BatchGradingTests.root
    static let exercise = BatchGradingTests.exercise

    /// In the lab's own work folder, as `lab check` grades, with no build of its own (a folder of
    /// its own cost a whole SwiftPM build of the shared part on a fresh clone): the record is
    /// made whole if need be and then spoilt under the batch's lock, just before the batch reads
    /// it, so the batch meets it spoilt and no other batch (a test beside this one, another
    /// `swift test`, a `lab check`) does. Unless this test is stopped between the spoiling and
    /// the batch's rebuild: then the next batch meets it, and builds again as this one does, and
    /// a test that prepares the shared build itself goes through `TestLab.wholeSharedBuild`.
    @Test func aRecordedBuildThatNoLongerWorksIsBuiltAgain() async throws {
        // The folder this test kept before (a whole shared build, about 50 MB), gone.
        try? FileManager.default.removeItem(
            at: Self.root.appendingPathComponent(".build-exercises/tests/recorded-build"))
        let grader = Grader(root: Self.root, exercise: Self.exercise)
        // A batch of one, as `Grader.grade` makes it, with the hook that spoils the record.
        var batch = BatchGrading(
            root: Self.root, workFolder: Self.root.appendingPathComponent(".build-exercises/batch"),
            buildWorkers: 1, runWorkers: 1)
        let spoilt = Locked<(record: BatchToolchain, broken: BatchToolchain)?>(nil)
        batch.beforePrepare = { folder in
            let record = try TestLab.wholeSharedBuild(in: folder)
            SharedBuildRecord.keepStores(
                in: folder, interfaces: SharedInterfaces(of: record, root: Self.root, folder: folder))
            // Every stamp still matches, but the recorded flags make every compile fail (as a
            // module folder emptied by hand would): not the answer's fault.
            let broken = BatchToolchain(
                swiftc: record.swiftc, compileFlags: record.compileFlags + [TestLab.spoilingFlag],
                linkFlags: record.linkFlags, sharedObjects: record.sharedObjects, joinedObject: record.joinedObject)
            let file = folder.appendingPathComponent(SharedBuildRecord.fileName)
            let saved = try JSONDecoder().decode(SharedBuildRecord.self, from: Data(contentsOf: file))
            try JSONEncoder().encode(
                SharedBuildRecord(
                    toolchain: broken, inputs: saved.inputs, outputs: saved.outputs, path: saved.path,
                    interfaces: saved.interfaces)
            ).write(to: file)
            // What the batch is about to read: the spoilt record, taken as reusable.
            guard
                SharedBuildRecord.reusable(
                    in: folder, root: Self.root, package: folder.appendingPathComponent("package")) == broken
            else { throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: file.path]) }
            spoilt.withLock { $0 = (record, broken) }
            // A check's object kept against the build as it was (the stores marked as made for it,
            // before the spoiling): the build made again makes nothing new, so it stays.
            let kept = CheckObjects.kept(in: folder).folder
            try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
            try Data("compiled against the build as it was".utf8).write(
                to: kept.appendingPathComponent("sentinel.checkobject"))
        }
        let outcome = await batch.grade([BatchGrading.Answer(exercise: Self.exercise, source: grader.solutionFile)])[0]
        let (record, _) = try unwrap(spoilt.withLock { $0 }, "the batch met the spoilt record: \(outcome.details)")
        expect(!record.compileFlags.contains(TestLab.spoilingFlag), "a whole record before it was spoilt")
        expect(outcome.passed, "\(outcome.messages) \(outcome.details)")
        // Read under the batch's lock, on a thread of its own: the record was made whole again.
        let folder = batch.workFolder
        let after = try await OnAThreadOfItsOwn.blockingWork(named: "read the build record") {
            try FileLock.withLock(at: folder.appendingPathComponent("batch.lock")) {
                SharedBuildRecord.reusable(
                    in: folder, root: Self.root, package: folder.appendingPathComponent("package"))
            }
        }
        // Compared whole, reported short: a record lists every object file.
        let madeWholeAgain = after == record
        expect(madeWholeAgain, "the record was written again from SwiftPM's plan")
        let sentinel = CheckObjects.kept(in: folder).folder.appendingPathComponent("sentinel.checkobject")
        // A file no key names, in the lab's own store: gone whatever the verdict.
        defer { try? FileManager.default.removeItem(at: sentinel) }
        expect(
            FileManager.default.fileExists(atPath: sentinel.path),
            "the checks' objects were emptied by a build made again that made nothing new")
    }
}
