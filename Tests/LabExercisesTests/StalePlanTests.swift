import Foundation
import LabCore
import LabFiles
import Testing

@testable import LabExercises

/// A plan for the shared build that leaves out a file the lab's targets hold is found, so the
/// build folder is started afresh rather than every check failing to compile against it.
@Suite("A plan from before a file came is found")
struct StalePlanTests {
    @Test func aSourceWithNoObjectInThePlanIsNamed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stale-plan-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let target = root.appendingPathComponent("Sources/LabThing")
        try FileManager.default.createDirectory(
            at: target.appendingPathComponent("Inner"), withIntermediateDirectories: true)
        for file in ["Old.swift", "New.swift", "Inner/hook.c", "Inner/notes.md"] {
            try Data().write(to: target.appendingPathComponent(file))
        }
        let build = "/scratch/debug/"
        let planned = [build + "LabThing.build/Old.swift.o", build + "LabThing.build/hook.c.o"]
        // A target whose sources are not the lab's (the support's copy) is not read.
        let elsewhere = [build + "CheckSupport.build/Gate.swift.o"]
        #expect(
            StalePlan.sourcesWithoutAnObject(objects: planned + elsewhere, root: root) == ["Sources/LabThing/New.swift"]
        )
        let whole = planned + [build + "LabThing.build/New.swift.o"]
        #expect(StalePlan.sourcesWithoutAnObject(objects: whole, root: root).isEmpty)
    }

    /// The lab's own shared build, made as a batch makes it (under the batches' lock), leaves
    /// nothing out: every file of a target the checks link has its object.
    @Test func theLabsPlanCoversItsSources() throws {
        let workFolder = TestLab.root.appendingPathComponent(".build-exercises/batch")
        let lock = workFolder.appendingPathComponent("batch.lock")
        let objects = try FileLock.withLock(at: lock) { try TestLab.wholeSharedBuild(in: workFolder) }.sharedObjects
        #expect(objects.contains { $0.hasSuffix("LabCore.build/PinnedThread.swift.o") })
        #expect(StalePlan.sourcesWithoutAnObject(objects: objects, root: TestLab.root).isEmpty)
    }
}
