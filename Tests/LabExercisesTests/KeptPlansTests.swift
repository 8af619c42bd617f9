import Foundation
import Testing

@testable import LabCore
@testable import LabExercises
@testable import LabFiles

/// The driver's jobs a batch planned, kept for the next batches (`KeptPlans`): taken only for
/// the same toolchain, mode and shared build, never when unreadable, and a kept plan that no
/// longer builds costs a retry through the driver, never the student's verdict.
@Suite("Kept plans")
struct KeptPlansTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-plans-\(UUID().uuidString)")
    let toolchain = BatchToolchain(
        swiftc: "/usr/bin/env", compileFlags: ["-I", "/b/Modules"], linkFlags: ["-L", "/b"], sharedObjects: ["/b/a.o"])
    let jobs = CompilerJobs(placeholder: "/p/planned", steps: [[["/usr/bin/env", "-c", "/p/planned/a.swift"]]])
    let sharedBuild = Data([1, 2, 3, 4])

    @Test func aPlanIsTakenOnlyForItsToolchainModeAndSharedBuild() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let plans = KeptPlans(folder: folder)
        expectEqual(plans.plan(mode: [], toolchain: toolchain, sharedBuild: sharedBuild), nil)
        plans.keep(jobs, mode: [], toolchain: toolchain, sharedBuild: sharedBuild)
        expectEqual(plans.plan(mode: [], toolchain: toolchain, sharedBuild: sharedBuild), jobs)
        // The pieces are cut again when read: the jobs for an answer are the same.
        let answer = URL(fileURLWithPath: "/runs/7")
        expectEqual(
            plans.plan(mode: [], toolchain: toolchain, sharedBuild: sharedBuild)?.steps(in: answer),
            jobs.steps(in: answer))
        expectEqual(plans.plan(mode: ["-swift-version", "5"], toolchain: toolchain, sharedBuild: sharedBuild), nil)
        expectEqual(plans.plan(mode: [], toolchain: toolchain, sharedBuild: Data([9])), nil)
        let other = BatchToolchain(
            swiftc: "/usr/bin/env", compileFlags: ["-I", "/c/Modules"], linkFlags: ["-L", "/b"],
            sharedObjects: ["/b/a.o"])
        expectEqual(plans.plan(mode: [], toolchain: other, sharedBuild: sharedBuild), nil)
        plans.empty()
        expectEqual(plans.plan(mode: [], toolchain: toolchain, sharedBuild: sharedBuild), nil)
    }

    @Test func anUnreadablePlanOrOneNamingAMissingProgramIsNotTaken() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let plans = KeptPlans(folder: folder)
        plans.keep(jobs, mode: [], toolchain: toolchain, sharedBuild: sharedBuild)
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        expectEqual(files.count, 1)
        try Data("{\"half".utf8).write(to: files[0])
        expectEqual(plans.plan(mode: [], toolchain: toolchain, sharedBuild: sharedBuild), nil)
        let gone = CompilerJobs(placeholder: "/p/planned", steps: [[["/no/such/compiler", "-c"]]])
        plans.keep(gone, mode: [], toolchain: toolchain, sharedBuild: sharedBuild)
        expectEqual(plans.plan(mode: [], toolchain: toolchain, sharedBuild: sharedBuild), nil)
    }

    static let sentinel = "kept-plans-test-sentinel.checkobject"

    /// A kept plan whose compile and link fail outside the answer (a flag each refuses): the
    /// answer alone passes all the same, built again through the driver, and the plan is gone.
    /// The shared build made again meanwhile changed nothing, so the checks' objects kept against
    /// it stay (seen from inside the batch's own hold of the lock, where no other batch can empty them).
    @Test func aKeptPlanThatNoLongerBuildsIsNotTheStudentsFailure() async throws {
        let root = BatchGradingTests.root
        let exercise = BatchGradingTests.exercise
        let mode = exercise.mode.compilerFlags
        var batch = BatchGrading(
            root: root, workFolder: root.appendingPathComponent(".build-exercises/batch"), buildWorkers: 1,
            runWorkers: 1)
        batch.keepsCheckObjects = true
        let spoilt = Locked<(jobs: CompilerJobs, toolchain: BatchToolchain)?>(nil)
        batch.beforePrepare = { folder in
            let toolchain = try TestLab.wholeSharedBuild(in: folder)
            let sharedBuild = try unwrap(CheckObjects.kept(in: folder).against(sharedBuildIn: folder).sharedBuild)
            let placeholder = folder.appendingPathComponent("runs/spoilt-plan-\(UUID().uuidString)")
            let planned = try unwrap(BatchBuild.plan(mode: mode, toolchain: toolchain, placeholder: placeholder))
            // The answer's compile and the link both: an answer whose module is kept (`AnswerModules`)
            // skips the compile, and must still meet the plan's fault, here, not in another batch.
            var steps = planned.steps
            steps[0][0].append("-no-such-flag-for-the-test")
            steps[steps.count - 1][steps[steps.count - 1].count - 1].append("-no-such-flag-for-the-test")
            let jobs = CompilerJobs(placeholder: planned.placeholder, steps: steps, autolink: planned.autolink)
            KeptPlans.kept(in: folder).keep(jobs, mode: mode, toolchain: toolchain, sharedBuild: sharedBuild)
            let kept = CheckObjects.kept(in: folder).folder
            try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
            try Data("kept against this build".utf8).write(to: kept.appendingPathComponent(Self.sentinel))
            expectEqual(
                KeptPlans.kept(in: folder).plan(mode: mode, toolchain: toolchain, sharedBuild: sharedBuild), jobs)
            spoilt.withLock { $0 = (jobs, toolchain) }
        }
        let sentinelKept = Locked<Bool?>(nil)
        batch.afterBuilds = { [workFolder = batch.workFolder] _ in
            let sentinel = CheckObjects.kept(in: workFolder).folder.appendingPathComponent(Self.sentinel)
            sentinelKept.withLock { $0 = FileManager.default.fileExists(atPath: sentinel.path) }
            try? FileManager.default.removeItem(at: sentinel)
        }
        // Gone in any case: a file no key names, in the lab's own store.
        defer {
            try? FileManager.default.removeItem(
                at: CheckObjects.kept(in: batch.workFolder).folder.appendingPathComponent(Self.sentinel))
        }
        let solution = TestLab.folder(exercise).solution
        let outcome = await batch.grade([BatchGrading.Answer(exercise: exercise, source: solution)])[0]
        expect(outcome.passed, "\(outcome.messages) \(outcome.details)")
        expectEqual(
            sentinelKept.withLock { $0 }, true, "the checks' objects were emptied by a build that changed nothing")
        let (jobs, _) = try unwrap(spoilt.withLock { $0 }, "the batch met the spoilt plan")
        let folder = batch.workFolder
        let kept = try await OnAThreadOfItsOwn.blockingWork(named: "read the kept plans") {
            try FileLock.withLock(at: folder.appendingPathComponent("batch.lock")) {
                let toolchain = try TestLab.wholeSharedBuild(in: folder)
                let sharedBuild = CheckObjects.kept(in: folder).against(sharedBuildIn: folder).sharedBuild
                return sharedBuild.flatMap {
                    KeptPlans.kept(in: folder).plan(mode: mode, toolchain: toolchain, sharedBuild: $0)
                }
            }
        }
        expectNotEqual(kept, jobs, "the spoilt plan is still kept")
    }
}
