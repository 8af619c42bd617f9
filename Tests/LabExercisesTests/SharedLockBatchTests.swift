import Foundation
import Testing

@testable import LabCore
@testable import LabExercises
@testable import LabFiles

/// Batches that find the shared build current build their answers at once, under the batches'
/// lock taken shared; what may change the shared build waits for the lock alone. In the lab's
/// own work folder, as `lab check` and `lab grade` use it: the batches of the tests beside these
/// share it too.
@Suite("batches building at once")
struct SharedLockBatchTests {
    static let root = BatchGradingTests.root
    static let exercise = BatchGradingTests.exercise
    static let workFolder = root.appendingPathComponent(".build-exercises/batch")
    static var lockFile: String { workFolder.appendingPathComponent("batch.lock").path }

    /// How the batches' lock is held now, read from inside a batch's hook: exclusive if a shared
    /// hold cannot be taken beside it, shared if it can but an exclusive one cannot.
    static func heldMode() -> FileLock.Mode? {
        let descriptor = open(lockFile, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return nil }  // nobody holds it
        if flock(descriptor, LOCK_SH | LOCK_NB) == 0 { return .shared }
        return .exclusive
    }

    /// The shared build made current (under the exclusive lock, as a batch makes it), so that the
    /// batches below find it so unless a batch beside them is making it again.
    static func makeSharedBuildCurrent() async throws {
        _ = try await OnAThreadOfItsOwn.blockingWork(named: "shared build") {
            try FileLock.withLock(at: workFolder.appendingPathComponent("batch.lock")) {
                try TestLab.wholeSharedBuild(in: workFolder)
            }
        }
    }

    /// When the shared build's record was last written, read holding the batch's lock shared: a
    /// batch beside this test that makes the build again removes the record until it is done.
    static func recordWritten() async throws -> Date? {
        try await OnAThreadOfItsOwn.blockingWork(named: "the record's time") {
            try FileLock.withLock(at: workFolder.appendingPathComponent("batch.lock"), mode: .shared) {
                let record = workFolder.appendingPathComponent(SharedBuildRecord.fileName)
                return try FileManager.default.attributesOfItem(atPath: record.path)[.modificationDate] as? Date
            }
        }
    }

    /// The first batch builds under the lock shared, and a second batch may start building while
    /// the first, its answers built, still holds it. (Unless a batch beside them waits for the lock
    /// exclusive meanwhile: the second then waits behind that one, which waits for the first. So
    /// the first waits for the second to start building or to be told to wait, whichever comes.)
    @Test func twoBatchesBuildAtOnceWhenTheSharedBuildIsCurrent() async throws {
        try await Self.makeSharedBuildCurrent()
        let solution = TestLab.folder(Self.exercise).solution
        var second = BatchGrading(root: Self.root, buildWorkers: 1, runWorkers: 1)
        second.runsHoldTheLock = false
        let secondStarted = DispatchSemaphore(value: 0)
        second.onBuildStart = { secondStarted.signal() }
        second.onWait = { secondStarted.signal() }
        let secondBatch = Locked<Task<[CheckOutcome], Never>?>(nil)
        var first = BatchGrading(root: Self.root, buildWorkers: 1, runWorkers: 1)
        first.runsHoldTheLock = false
        first.onBuildStart = { [second] in
            secondBatch.withLock {
                $0 = Task { await second.grade([BatchGrading.Answer(exercise: Self.exercise, source: solution)]) }
            }
        }
        let seen = Locked<(mode: FileLock.Mode?, secondCame: Bool)?>(nil)
        // On the first batch's own thread (`grade` runs it on one), holding the lock.
        first.afterBuilds = { _ in
            let mode = Self.heldMode()
            seen.withLock { $0 = (mode, secondStarted.wait(timeout: .now() + 60) == .success) }
        }
        let firstOutcome = await first.grade([BatchGrading.Answer(exercise: Self.exercise, source: solution)])[0]
        let secondOutcome = try #require(await secondBatch.withLock({ $0 })?.value.first)
        expect(firstOutcome.passed, "\(firstOutcome.messages) \(firstOutcome.details)")
        expect(secondOutcome.passed, "\(secondOutcome.messages) \(secondOutcome.details)")
        let (mode, secondCame) = try unwrap(seen.withLock { $0 })
        expectEqual(mode, .shared, "the first batch built under the lock \(String(describing: mode))")
        expect(secondCame, "the second batch neither built nor waited while the first held the lock")
        // Built beside it, or waited behind a batch that needed the lock alone (which waited for the
        // first): either way not shut out by the first's hold, which the lock's own tests prove
        // shared (`GradingTests`).
    }

    /// A batch whose builds fail outside its answers under the shared lock (its toolchain spoilt
    /// here, as a shared build that stopped working would fail them) does not retry them there:
    /// it takes the lock exclusive, makes the shared build again, and builds them once more, each
    /// answer to its own verdict.
    @Test func buildsThatFailOutsideTheAnswersAreRetriedUnderTheExclusiveLock() async throws {
        try await Self.makeSharedBuildCurrent()
        let (folder, files) = try BatchGradingTests.answers(["broken": BatchGradingTests.broken])
        defer { try? FileManager.default.removeItem(at: folder) }
        var batch = BatchGrading(root: Self.root, runWorkers: 1)
        batch.runsHoldTheLock = false
        let spoilt = Locked(false)
        batch.sharedPassToolchain = { toolchain in
            spoilt.withLock { $0 = true }
            return BatchToolchain(
                swiftc: toolchain.swiftc, compileFlags: toolchain.compileFlags + [TestLab.spoilingFlag],
                linkFlags: toolchain.linkFlags, sharedObjects: toolchain.sharedObjects,
                joinedObject: toolchain.joinedObject)
        }
        let retriedUnder = Locked<FileLock.Mode?>(nil)
        batch.afterBuilds = { _ in retriedUnder.withLock { $0 = Self.heldMode() } }
        // Its modification time: a file written anew may get the number of the one it replaced.
        let before = try await Self.recordWritten()
        let outcomes = await batch.grade([
            BatchGrading.Answer(exercise: Self.exercise, source: TestLab.folder(Self.exercise).solution),
            BatchGrading.Answer(exercise: Self.exercise, source: files["broken"]!, scan: false),
        ])
        expect(spoilt.withLock { $0 }, "the batch never built under the shared lock")
        expectEqual(
            retriedUnder.withLock { $0 }, .exclusive,
            "retried under \(String(describing: retriedUnder.withLock { $0 }))")
        expect(outcomes[0].passed, "\(outcomes[0].messages) \(outcomes[0].details)")
        expectEqual(outcomes[1].stage, .compile, "\(outcomes[1].messages)")
        expectContains(outcomes[1].details, "only this answer's error", "its own diagnostics: \(outcomes[1].details)")
        for outcome in outcomes {
            expectNotContains((outcome.messages + [outcome.details]).joined(), TestLab.spoilingFlag)
        }
        // The shared build was made again: its record written anew (renamed into place).
        let after = try await Self.recordWritten()
        expectNotEqual(before, after, "the record was not written again")
    }
}
