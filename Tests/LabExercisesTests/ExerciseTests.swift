import Foundation
import Testing

@testable import LabCore
@testable import LabExercises

@Suite("Exercise catalog and files")
struct ExerciseCatalogTests {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func thereAreEnoughExercisesCoveringEveryLesson() {
        #expect(ExerciseCatalog.all.count >= 18)
        let lessons = Set(ExerciseCatalog.all.map(\.lesson))
        // The lessons are the executables Package.swift finds (Sources/<lesson>/main.swift).
        let sources = root.appendingPathComponent("Sources")
        let executables = try! FileManager.default.contentsOfDirectory(atPath: sources.path).filter {
            $0 != "lab"
                && FileManager.default.fileExists(atPath: sources.appendingPathComponent("\($0)/main.swift").path)
        }
        #expect(lessons == Set(executables), "every lesson has exercises")
        #expect(ExerciseCatalog.all.filter { $0.kind == .makeItCompile }.count >= 4)
        #expect(ExerciseCatalog.all.allSatisfy { $0.hints.count >= 2 })
    }

    @Test(arguments: ExerciseCatalog.all.map(\.id))
    func everyExerciseHasItsThreeFiles(id: String) throws {
        for folder in ["Exercises", "Exercises/Solutions", "Exercises/Checks"] {
            #expect(
                FileManager.default.fileExists(atPath: root.appendingPathComponent("\(folder)/\(id).swift").path),
                "\(folder)/\(id).swift")
        }
        let original = try String(contentsOf: root.appendingPathComponent("Exercises/\(id).swift"), encoding: .utf8)
        #expect(original.contains("TODO"), "the starting file says what to do")
    }

    @Test func exercisesAreFoundByNumberOrName() {
        #expect(ExerciseCatalog.exercise(named: "03")?.id == "03-async-let-rovers")
        #expect(ExerciseCatalog.exercise(named: "03-async-let-rovers")?.id == "03-async-let-rovers")
        #expect(ExerciseCatalog.exercise(named: "async-let-rovers")?.id == "03-async-let-rovers")
        #expect(ExerciseCatalog.exercise(named: "99") == nil)
    }
}

@Suite("Progress is saved atomically and read back")
struct ProgressTests {
    let environment = [
        "CONCURRENCY_LAB_HOME": FileManager.default.temporaryDirectory.appendingPathComponent(
            "lab-progress-\(UUID().uuidString)"
        ).path
    ]

    @Test func roundTrip() throws {
        var progress = try Progress.load(environment: environment)
        #expect(progress["01-suspend-not-block"].attempts == 0)
        progress["01-suspend-not-block"].attempts = 2
        progress["01-suspend-not-block"].solved = true
        try progress.save(environment: environment)
        #expect(try Progress.load(environment: environment) == progress)
    }

    @Test func aDamagedFileIsAnErrorAndStaysAsItWas() throws {
        let url = Progress.url(environment: environment)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{half".utf8).write(to: url)
        #expect(throws: ExerciseError.damagedProgress(url.path)) { try Progress.load(environment: environment) }
        #expect(try String(contentsOf: url, encoding: .utf8) == "{half")
    }
}
