import Foundation
import Testing

@testable import LabConsole
@testable import LabCore
@testable import LabExercises

/// `lab grade` on a small class built here: answers are graded from the files (the
/// starting file counts as not started without a build), results land in every format.
@Suite("Class grading", .serialized)
struct ClassGradingTests {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The same student's folder twice: one line that says so, before anything is graded.
    @Test func aStudentGivenTwiceIsRefusedInOneLine() async throws {
        let folder = try makeClass()
        defer { try? FileManager.default.removeItem(at: folder) }
        let commands = ExerciseCommands(root: root, terminal: Terminal(isTTY: false, width: 100, usesColor: false))
        let ada = folder.appendingPathComponent("ada").path
        await #expect(throws: ExerciseError.studentGivenTwice("ada")) {
            try await commands.grade(paths: [ada, ada], workers: 1, output: folder.appendingPathComponent("out"))
        }
        expectEqual(
            ExerciseError.studentGivenTwice("ada").description,
            "ada is given twice: each student's folder is graded once, under its own name")
        expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    /// Two folders named "José", in its two Unicode spellings: two folders on disk, one name to
    /// Swift's `==` and to the report. Refused with a sentence that says why (an audit's).
    @Test func twoSpellingsOfOneNameAreRefusedAndSaid() async throws {
        let folder = try makeClass()
        defer { try? FileManager.default.removeItem(at: folder) }
        let commands = ExerciseCommands(root: root, terminal: Terminal(isTTY: false, width: 100, usesColor: false))
        let composed = "Jos\u{E9}"
        let decomposed = "Jose\u{301}"
        expectNotEqual(Array(composed.utf8), Array(decomposed.utf8))
        for name in [composed, decomposed] {
            try FileManager.default.copyItem(
                at: folder.appendingPathComponent("ada"), to: folder.appendingPathComponent(name))
        }
        let paths = [composed, decomposed].map { folder.appendingPathComponent($0).path }
        await #expect(throws: ExerciseError.studentNamesAlike(composed)) {
            try await commands.grade(paths: paths, workers: 1, output: folder.appendingPathComponent("out"))
        }
        expectContains(ExerciseError.studentNamesAlike(composed).description, "two Unicode spellings")
    }

    /// A cell a spreadsheet would evaluate is shown as text (an audit's student folder `=1+2`).
    @Test func aCellThatWouldBeAFormulaIsText() {
        expectEqual(ClassReport.csvField("=1+2"), "'=1+2")
        expectEqual(ClassReport.csvField("@SUM(A1)"), "'@SUM(A1)")
        expectEqual(ClassReport.csvField("-2+3,4"), "\"'-2+3,4\"")
        expectEqual(ClassReport.csvField("ada"), "ada")
    }

    func makeClass() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-class-\(UUID().uuidString)")
        for student in ["ada", "bob"] {
            let mine = folder.appendingPathComponent(student)
            try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
            for exercise in TestLab.exercises {
                try FileManager.default.copyItem(
                    at: TestLab.folder(exercise).starter,
                    to: mine.appendingPathComponent(exercise.fileName))
            }
        }
        func put(_ student: String, _ id: String, from file: URL) throws {
            let target = folder.appendingPathComponent("\(student)/\(id).swift")
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: file, to: target)
        }
        let rovers = try unwrap(TestLab.catalog.exercise(named: "03"))
        try put("ada", "03-async-let-rovers", from: TestLab.folder(rovers).solution)
        try put("ada", "01-suspend-not-block", from: try TestLab.mistake("01", "exit-zero"))
        try put("bob", "03-async-let-rovers", from: try TestLab.mistake("03", "decoys"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("bob/02-task-bridge.swift"))
        // A progress file claiming everything is solved is never read.
        try Data(#"{"version":1,"exercises":{"01-suspend-not-block":{"solved":true}}}"#.utf8)
            .write(to: folder.appendingPathComponent("bob/progress.json"))
        return folder
    }

    @Test func aClassIsGradedFromItsFilesIntoEveryFormat() async throws {
        let folder = try makeClass()
        defer { try? FileManager.default.removeItem(at: folder) }
        let students = try ["ada", "bob"].map {
            try ClassGrading.student(at: folder.appendingPathComponent($0).path, exercises: TestLab.exercises)
        }
        let calls = Locked(0)
        let report = try await ClassGrading(root: root, students: students, workers: 1).run { _, _ in
            calls.withLock { $0 += 1 }
        }
        expectEqual(calls.withLock { $0 }, 2 * TestLab.exercises.count)

        let ada = try unwrap(report.students.first { $0.name == "ada" })
        let bob = try unwrap(report.students.first { $0.name == "bob" })
        expectEqual(ada.results["03-async-let-rovers"]?.status, .solved)
        expectEqual(ada.results["01-suspend-not-block"]?.status, .failed)
        expectEqual(ada.results["01-suspend-not-block"]?.stage, "incomplete")
        expectEqual(bob.results["03-async-let-rovers"]?.status, .failed)
        expectEqual(bob.results["02-task-bridge"]?.status, .missing)
        expectEqual(bob.results["01-suspend-not-block"]?.status, .notStarted, "the progress file's claim is ignored")
        expect(ada.solved == 1 && bob.solved == 0)

        let csv = report.csv().split(separator: "\n")
        expectEqual(csv.first, "student,exercise,status,stage,message,identical_to")
        expectEqual(csv.count, 1 + 2 * TestLab.exercises.count)
        expect(
            csv.contains(
                "ada,03-async-let-rovers,solved,,,identical to the reference solution (after renaming and reformatting)"
            ),
            "ada's 03 is the solution file itself")
        let decoded = try JSONSerialization.jsonObject(with: try report.json()) as? [String: Any]
        expect(decoded?["schema"] as? String == "concurrency-lab.class-report/1")
        expectEqual((decoded?["students"] as? [[String: Any]])?.count, 2)
        let html = report.html()
        expect(html.hasPrefix("<!doctype html>") && html.contains("<td class=\"solved\""))
        expectNotContains(html, "<script", "self-contained and static")

        let written = try report.write(to: folder.appendingPathComponent("out"))
        expectEqual(written.map(\.lastPathComponent), ["class-report.csv", "class-report.json", "class-report.html"])
        expectContains(
            report.table(on: Terminal(isTTY: false, width: 200, usesColor: false)), "1/\(TestLab.exercises.count)")
    }

    /// A class's checks run beside its builds only where the sandbox keeps a check out of the
    /// lab folder, which holds the builds (THREAT-MODEL.md); three checks to a build worker.
    @Test(arguments: [1, 2, 4])
    func aClassRunsChecksBesideItsBuildsOnlyWhereChecksAreKeptOutOfTheLab(workers: Int) {
        let batch = ClassGrading.batch(root: root, workers: workers)
        expectEqual(batch.runWhileBuilding, Sandbox.confinesFiles)
        expectEqual(batch.buildWorkers, workers)
        expectEqual(batch.runWorkers, 3 * workers)
        expect(batch.runWorkersOnceBuilt == nil, "a class keeps its width once built")
    }

    @Test func aFolderWithoutExercisesIsRefusedInOneLine() throws {
        let other = FileManager.default.temporaryDirectory.appendingPathComponent("lab-other-\(UUID().uuidString)")
        // Something in it, but no exercise file: a class's own folder given as one student.
        try FileManager.default.createDirectory(
            at: other.appendingPathComponent("student-01"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: other) }
        #expect(throws: ExerciseError.notAStudentFolder(other.path)) {
            try ClassGrading.student(at: other.path, exercises: TestLab.exercises)
        }
        #expect(throws: ExerciseError.notAStudentFolder("/no/such/folder")) {
            try ClassGrading.student(at: "/no/such/folder", exercises: TestLab.exercises)
        }
        // An empty word (`lab grade "$UNSET"`) is no folder, even where the current one (which
        // URL would read it as) is a student's: the lab's own clone with my-exercises/ is one.
        #expect(throws: ExerciseError.notAStudentFolder("")) {
            try ClassGrading.student(at: "", exercises: TestLab.exercises)
        }
    }

    /// A student who handed in nothing (an empty folder, or one with only hidden files) is graded
    /// as missing every exercise, so `lab grade class/*` grades the rest of the class.
    @Test func anEmptyFolderIsAStudentWhoHandedInNothing() async throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("lab-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        try Data().write(to: empty.appendingPathComponent(".DS_Store"))
        let student = try ClassGrading.student(at: empty.path, exercises: TestLab.exercises)
        expectEqual(student.name, empty.lastPathComponent)
        let grading = try ClassGrading(root: TestLab.root, students: [student])
        let report = await grading.run { _, _ in }
        let results = try unwrap(report.students.first).results
        expectEqual(results.count, TestLab.exercises.count)
        expect(results.values.allSatisfy { $0.status == .missing }, "\(results)")
    }

    /// A clone of the lab with no answer committed (a GitHub Classroom repository where
    /// `my-exercises/` was never pushed) is a student who handed in nothing, not "not a student's
    /// folder"; a starting file with Windows line endings is not started; an empty file is said
    /// to be empty.
    @Test func aLabCloneWithoutAnswersAndFilesAsCheckedOutAreGradedForWhatTheyAre() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-clone-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let clone = folder.appendingPathComponent("bob")
        try FileManager.default.createDirectory(
            at: clone.appendingPathComponent("Exercises"), withIntermediateDirectories: true)
        try Data("// swift-tools-version: 6.2\n".utf8).write(to: clone.appendingPathComponent("Package.swift"))
        try Data("# Exercises\n".utf8).write(to: clone.appendingPathComponent("Exercises/README.md"))
        let bob = try ClassGrading.student(at: clone.path, exercises: TestLab.exercises)
        expectEqual(bob.exercisesFolder.lastPathComponent, "my-exercises")
        let ada = folder.appendingPathComponent("ada")
        try FileManager.default.createDirectory(at: ada, withIntermediateDirectories: true)
        let (first, second) = (TestLab.exercises[0], TestLab.exercises[1])
        let starter = try String(
            contentsOf: TestLab.root.appendingPathComponent("Exercises/\(first.id)/starter.swift"), encoding: .utf8)
        try Data(starter.replacingOccurrences(of: "\n", with: "\r\n").utf8)
            .write(to: ada.appendingPathComponent("\(first.id).swift"))
        try Data("\n  \n".utf8).write(to: ada.appendingPathComponent("\(second.id).swift"))
        let students = [bob, try ClassGrading.student(at: ada.path, exercises: TestLab.exercises)]
        let report = await (try ClassGrading(root: TestLab.root, students: students)).run { _, _ in }
        let bobs = try unwrap(report.students.first { $0.name == "bob" }).results
        expect(bobs.values.allSatisfy { $0.status == .missing }, "\(bobs)")
        let adas = try unwrap(report.students.first { $0.name == "ada" }).results
        expectEqual(adas[first.id]?.status, .notStarted, "\(String(describing: adas[first.id]))")
        expectEqual(adas[second.id]?.status, .failed)
        expectContains(adas[second.id]?.message ?? "", "is empty")
    }
}
