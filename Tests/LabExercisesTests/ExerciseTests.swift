import Foundation
import Testing

@testable import LabCore
@testable import LabExercises

@Suite("Exercise catalog and files")
struct ExerciseCatalogTests {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func thereAreEnoughExercisesCoveringEveryLesson() {
        expectAtLeast(TestLab.exercises.count, 18)
        let lessons = Set(TestLab.exercises.map(\.lesson))
        // The lessons are the executables Package.swift finds (Sources/<lesson>/main.swift).
        let sources = root.appendingPathComponent("Sources")
        let executables = try! FileManager.default.contentsOfDirectory(atPath: sources.path).filter {
            $0 != "lab"
                && FileManager.default.fileExists(atPath: sources.appendingPathComponent("\($0)/main.swift").path)
        }
        expectEqual(lessons, Set(executables), "every lesson has exercises")
        expectAtLeast(TestLab.exercises.filter { $0.kind == .makeItCompile }.count, 4)
        expect(TestLab.exercises.allSatisfy { $0.hints.count >= 2 })
    }

    @Test(arguments: TestLab.exercises.map(\.id))
    func everyExerciseHasItsFilesInItsFolder(id: String) throws {
        let folder = ExerciseFolder(root: root, id: id)
        for file in [folder.metadata, folder.starter, folder.solution, folder.check] {
            expect(FileManager.default.fileExists(atPath: file.path), "\(id)/\(file.lastPathComponent)")
        }
        let original = try String(contentsOf: folder.starter, encoding: .utf8)
        expectContains(original, "TODO", "the starting file says what to do")
        // Nothing else in the folder: a stray file would be neither graded nor shown.
        let known: Set = [
            "exercise.json", "starter.swift", "solution.swift", "check.swift", "alternatives", "mistakes",
        ]
        let present = Set(try FileManager.default.contentsOfDirectory(atPath: folder.url.path))
        expect(present.subtracting(known).isEmpty, "\(id) has \(present.subtracting(known).sorted())")
    }

    @Test func exercisesAreFoundByNumberOrName() {
        expectEqual(TestLab.catalog.exercise(named: "03")?.id, "03-async-let-rovers")
        expectEqual(TestLab.catalog.exercise(named: "03-async-let-rovers")?.id, "03-async-let-rovers")
        expectEqual(TestLab.catalog.exercise(named: "async-let-rovers")?.id, "03-async-let-rovers")
        expect(TestLab.catalog.exercise(named: "99") == nil)
        expect(TestLab.catalog.exercise(named: "") == nil, "an empty name is no exercise")
        // The start of several names is none of them: the student is asked for more.
        expect(TestLab.catalog.exercise(named: "c") == nil)
        expectEqual(
            TestLab.catalog.candidates(named: "c").map(\.id),
            [
                "07-captured-var", "09-cooperative-cancel", "10-cancellation-handler", "12-counter-race",
                "20-concurrent-thumbnails",
            ])
        expectEqual(
            ExerciseError.ambiguousExercise("c", candidates: ["07-captured-var", "09-cooperative-cancel"]).description,
            "'c' could be 07-captured-var or 09-cooperative-cancel: give more of its name, or its number")
        expectEqual(TestLab.catalog.exercise(named: "can")?.id, "10-cancellation-handler")
        expectEqual(TestLab.catalog.exercise(named: "3")?.id, "03-async-let-rovers")
        expect(TestLab.catalog.exercise(named: "+3") == nil, "a number is digits alone")
        // A word typed out that starts words of several names is none of them.
        expectEqual(
            TestLab.catalog.candidates(named: "cancel").map(\.id),
            ["06-first-failure-cancels", "09-cooperative-cancel", "10-cancellation-handler"])
        expectEqual(TestLab.catalog.exercise(named: "semaphore")?.id, "27-no-semaphore-bridge")
        expectEqual(TestLab.catalog.exercise(named: "suspend")?.id, "01-suspend-not-block")
    }
}

@Suite("Progress is saved atomically and read back")
final class ProgressTests {
    let environment = [
        "CONCURRENCY_LAB_HOME": FileManager.default.temporaryDirectory.appendingPathComponent(
            "lab-progress-\(UUID().uuidString)"
        ).path
    ]

    // Each test has an instance, and a home, of its own: gone when the test ends.
    deinit { try? FileManager.default.removeItem(atPath: environment["CONCURRENCY_LAB_HOME"]!) }

    @Test func roundTrip() throws {
        var progress = try Progress.load(environment: environment)
        expectEqual(progress["01-suspend-not-block"].attempts, 0)
        progress["01-suspend-not-block"].attempts = 2
        progress["01-suspend-not-block"].solved = true
        try progress.save(environment: environment)
        try expectEqual(Progress.load(environment: environment), progress)
    }

    @Test func aDamagedFileIsAnErrorAndStaysAsItWas() throws {
        let url = Progress.url(environment: environment)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{half".utf8).write(to: url)
        #expect(throws: ExerciseError.damagedProgress(url.path)) { try Progress.load(environment: environment) }
        try expectEqual(String(contentsOf: url, encoding: .utf8), "{half")
    }
}
