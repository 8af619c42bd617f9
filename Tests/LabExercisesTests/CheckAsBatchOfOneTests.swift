import Foundation
import Testing

@testable import LabCore
@testable import LabExercises

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
        #expect(outcome.passed, "\(outcome.messages) \(outcome.details)")
        // Read under the batch's lock (a batch beside this test may be building the package
        // again), waited for on a thread of its own.
        let batch = self.batch
        let recorded = try await OnAThreadOfItsOwn.blockingWork(named: "read the build record") {
            try FileLock.withLock(at: batch.appendingPathComponent("batch.lock")) {
                SharedBuildRecord.reusable(in: batch, root: Self.root, package: batch.appendingPathComponent("package"))
            }
        }
        #expect(recorded != nil, "the next check would run SwiftPM again")
    }

    @Test func aCompileErrorIsTheStudentsFile() async throws {
        let (folder, files) = try BatchGradingTests.answers(["broken": BatchGradingTests.broken])
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = await grader.grade(source: files["broken"]!, scan: false)
        #expect(outcome.stage == .compile)
        #expect(outcome.messages == ["\(Self.exercise.fileName) does not compile yet"])
        #expect(outcome.details.contains("only this answer's error"), "\(outcome.details)")
        #expect(
            outcome.details.contains(StudentWorkspace(root: Self.root).displayPath(for: Self.exercise) + ":"),
            "\(outcome.details)")
        #expect(!outcome.details.contains(".build-exercises"), "\(outcome.details)")
    }

    /// An answer without the function the check calls: the error is in the check, named by
    /// the lab's check file and the line the call is on there.
    @Test func anErrorInTheCheckNamesTheChecksOwnLine() async throws {
        let solution = try String(contentsOf: grader.solutionFile, encoding: .utf8)
        let renamed = solution.replacingOccurrences(of: "func buttonTapped(", with: "func buttonTappedRenamed(")
        #expect(renamed != solution)
        let (folder, files) = try BatchGradingTests.answers(["renamed": renamed])
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = await grader.grade(source: files["renamed"]!, scan: false)
        #expect(outcome.stage == .compile)
        let checkFile = "Exercises/\(Self.exercise.id)/check.swift"
        #expect(!outcome.details.contains(".build-exercises"), "\(outcome.details)")
        let named = try #require(
            outcome.details.split(separator: "\n").first { $0.hasPrefix(checkFile + ":") }, "\(outcome.details)")
        let line = try #require(Int(named.dropFirst(checkFile.count + 1).prefix { $0.isNumber }))
        let checkLines = try String(contentsOf: Self.root.appendingPathComponent(checkFile), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        #expect(checkLines[line - 1].contains("buttonTapped"), "line \(line) of \(checkFile): \(checkLines[line - 1])")
    }

}

/// Not one of the serialized suite's tests above: it works in a folder of its own, so it need
/// not wait for them (and start its build, about 10 s, only when theirs have ended).
@Suite("a recorded build that no longer works")
struct RecordedBuildTests {
    static let root = BatchGradingTests.root
    static let exercise = BatchGradingTests.exercise

    /// In a work folder of its own: it breaks the recorded build on purpose, and the tests running
    /// beside it (a parallel `swift test`) would build with the broken flags from the lab's.
    @Test func aRecordedBuildThatNoLongerWorksIsBuiltAgain() async throws {
        // Kept from run to run (in the lab's work folder, as the shared build is): made whole on a
        // fresh clone (about 10 s of SwiftPM), brought up to date by SwiftPM in later runs. Two
        // test processes at once in one checkout share it, and one may break the record between
        // the other's grade and its last check: run this test in one at a time.
        let work = Self.root.appendingPathComponent(".build-exercises/tests/recorded-build")
        let grader = Grader(root: Self.root, exercise: Self.exercise, workFolder: work)
        let batch = work.appendingPathComponent("batch")
        let package = batch.appendingPathComponent("package")
        // Under the batch's lock, as a batch prepares (another `swift test` may be here too), on a
        // thread of its own. Never reused as recorded: an earlier run stopped after breaking the
        // record would leave it broken.
        let (record, broken) = try await OnAThreadOfItsOwn.blockingWork(named: "prepare a batch of its own") {
            try FileLock.withLock(at: batch.appendingPathComponent("batch.lock")) {
                _ = try BatchToolchain.prepare(root: Self.root, folder: batch, reuse: false)
                let file = batch.appendingPathComponent(SharedBuildRecord.fileName)
                let record = try JSONDecoder().decode(SharedBuildRecord.self, from: Data(contentsOf: file))
                // Every stamp still matches, but the recorded flags make every compile fail (as a
                // module folder emptied by hand would): not the answer's fault.
                let broken = BatchToolchain(
                    swiftc: record.toolchain.swiftc,
                    compileFlags: record.toolchain.compileFlags + ["-no-such-flag-for-the-test"],
                    linkFlags: record.toolchain.linkFlags, sharedObjects: record.toolchain.sharedObjects)
                try JSONEncoder().encode(
                    SharedBuildRecord(
                        toolchain: broken, inputs: record.inputs, outputs: record.outputs, path: record.path)
                ).write(to: file)
                return (record, broken)
            }
        }
        #expect(!record.toolchain.compileFlags.contains("-no-such-flag-for-the-test"), "a record made afresh")
        #expect(SharedBuildRecord.reusable(in: batch, root: Self.root, package: package) == broken)
        let outcome = await grader.grade(source: grader.solutionFile)
        #expect(outcome.passed, "\(outcome.messages) \(outcome.details)")
        #expect(SharedBuildRecord.reusable(in: batch, root: Self.root, package: package) == record.toolchain)
    }
}
