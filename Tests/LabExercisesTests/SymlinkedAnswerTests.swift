import Foundation
import Testing

@testable import LabExercises

/// The audit's finding 3: the grader runs outside the sandbox, so an answer that is a symbolic
/// link, or sits in a linked folder, would have it read (compile, quote, compare) any file the
/// teacher can read. Refused for `lab grade` and `lab check`, before anything is read or built.
@Suite("A linked answer is refused, not read")
struct SymlinkedAnswerTests {
    let exercise = TestLab.catalog.exercise(named: "02")!

    /// A class of two: one answer links to a "teacher's" file, the other sits in a linked folder.
    @Test func aClassWithLinkedAnswersIsRefusedBeforeAnyRead() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-links-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let teacher = folder.appendingPathComponent("teacher/private.swift")
        let manager = FileManager.default
        try manager.createDirectory(at: teacher.deletingLastPathComponent(), withIntermediateDirectories: true)
        try manager.copyItem(at: TestLab.folder(exercise).solution, to: teacher)
        let fileLink = folder.appendingPathComponent("class/ada")
        try manager.createDirectory(at: fileLink, withIntermediateDirectories: true)
        try manager.createSymbolicLink(
            at: fileLink.appendingPathComponent(exercise.fileName), withDestinationURL: teacher)
        let folderLink = folder.appendingPathComponent("class/bob")
        try manager.createDirectory(at: folderLink, withIntermediateDirectories: true)
        try manager.createSymbolicLink(
            at: folderLink.appendingPathComponent("my-exercises"),
            withDestinationURL: teacher.deletingLastPathComponent())
        try manager.createDirectory(
            at: folder.appendingPathComponent("teacher/\(exercise.id)"), withIntermediateDirectories: true)
        try manager.copyItem(
            at: teacher, to: folder.appendingPathComponent("teacher/\(exercise.id)/\(exercise.fileName)"))

        let students = try [fileLink, folderLink].map {
            try ClassGrading.student(at: $0.path, exercises: TestLab.exercises)
        }
        for student in students {
            let job = ClassGrading.Job(student: 0, exercise: exercise)
            let result = try unwrap(ClassGrading.ungraded(job, student: student, root: TestLab.root))
            expect(result.status == .failed && result.stage == "forbidden", "\(student.name): \(result)")
            expectEqual(result.message?.contains("symbolic link"), true, "\(student.name): \(result)")
            expectEqual(result.message?.contains("\n"), false)
        }
        // The batch refuses it too (`lab check`, or an answer handed to it directly).
        var answer = BatchGrading.Answer(exercise: exercise, source: students[1].file(for: exercise))
        answer.folder = folderLink
        let outcome = await BatchGrading(root: TestLab.root).grade([
            BatchGrading.Answer(exercise: exercise, source: students[0].file(for: exercise)), answer,
        ])
        for graded in outcome {
            expect(graded.stage == .forbidden && graded.messages.first?.contains("symbolic link") == true, "\(graded)")
        }
    }

    /// Helper 124's audit: a student's folder that is itself a link, reached by the teacher's
    /// `class/*` (`carl -> ada`, or a folder of the teacher's), was graded as the folder it names,
    /// and carl got ada's ✔. Each of its answers is refused now, as one in a linked folder is; ada's,
    /// through her own folder, is read as before.
    @Test func aStudentsFolderThatIsALinkIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-linked-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        let ada = folder.appendingPathComponent("class/ada")
        try manager.createDirectory(at: ada, withIntermediateDirectories: true)
        try manager.copyItem(at: TestLab.folder(exercise).solution, to: ada.appendingPathComponent(exercise.fileName))
        let carl = folder.appendingPathComponent("class/carl")
        try manager.createSymbolicLink(at: carl, withDestinationURL: ada)
        let job = ClassGrading.Job(student: 0, exercise: exercise)
        let linked = try ClassGrading.student(at: carl.path, exercises: TestLab.exercises)
        let result = try unwrap(ClassGrading.ungraded(job, student: linked, root: TestLab.root))
        expect(result.status == .failed && result.stage == "forbidden", "\(result)")
        expectContains(result.message ?? "", "carl, a symbolic link")
        let own = try ClassGrading.student(at: ada.path, exercises: TestLab.exercises)
        expect(ClassGrading.ungraded(job, student: own, root: TestLab.root) == nil, "ada's answer is graded")
        // An exercise with no file in the linked folder is missing, not a failure "in a link".
        let other = try unwrap(TestLab.exercises.first { $0.id != exercise.id })
        let absent = try unwrap(
            ClassGrading.ungraded(ClassGrading.Job(student: 0, exercise: other), student: linked, root: TestLab.root))
        expectEqual(absent.status, .missing, "\(absent)")
    }

    /// A pasted blob (an audit's 4 MB of base64 stalled a class's grading in the scan and the
    /// compiler): refused by its size before it is read, in one line, while the answer beside it
    /// is graded as usual.
    @Test func anAnswerLargerThanAnyExerciseIsRefusedUnread() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-large-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let large = folder.appendingPathComponent("large/\(exercise.fileName)")
        try FileManager.default.createDirectory(
            at: large.deletingLastPathComponent(), withIntermediateDirectories: true)
        let solution = try String(contentsOf: TestLab.folder(exercise).solution, encoding: .utf8)
        // The solution, then comment lines up to one byte over the limit: a correct program.
        let padding = String(repeating: "// pasted\n", count: AnswerFile.largest / 10)
        try Data((solution + padding).utf8.prefix(AnswerFile.largest + 1)).write(to: large)
        let refusal = try unwrap(AnswerFile.refusal(large, within: folder))
        expect(refusal.contains("at most 64 kB") && !refusal.contains("\n"), "\(refusal)")
        // At the limit exactly, the same file is read.
        try Data((solution + padding).utf8.prefix(AnswerFile.largest)).write(to: large)
        expectEqual(AnswerFile.refusal(large, within: folder), nil)
        try Data((solution + padding).utf8.prefix(AnswerFile.largest + 1)).write(to: large)
        let outcome = await BatchGrading(root: TestLab.root).grade([
            BatchGrading.Answer(exercise: exercise, source: large)
        ])
        expect(outcome.first?.stage == .forbidden && outcome.first?.messages == [refusal], "\(outcome)")
    }

    /// A hard link is a second name of the teacher's file, not a link `lstat` sees: refused by
    /// its link count, by the look before grading and by the read itself.
    @Test func aHardLinkToAnotherFileIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-hard-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let teacher = folder.appendingPathComponent("teacher.swift")
        let answer = folder.appendingPathComponent("student/\(exercise.fileName)")
        try FileManager.default.createDirectory(
            at: answer.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestLab.folder(exercise).solution, to: teacher)
        try FileManager.default.linkItem(at: teacher, to: answer)
        let refusal = try unwrap(AnswerFile.refusal(answer, within: answer.deletingLastPathComponent()))
        expect(refusal.contains("hard link") && !refusal.contains("\n"), "\(refusal)")
        expectEqual(AnswerFile.text(answer, within: nil), nil)
        // Its own copy is read.
        try FileManager.default.removeItem(at: teacher)
        expectNotEqual(AnswerFile.text(answer, within: nil), nil)
    }

    /// A FIFO named like the answer would block a plain read forever (a review's find): refused
    /// by its kind, and the read itself never waits on it.
    @Test func aFIFOIsRefusedWithoutWaiting() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-fifo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let answer = folder.appendingPathComponent(exercise.fileName)
        expectEqual(mkfifo(answer.path, 0o644), 0)
        let refusal = try unwrap(AnswerFile.refusal(answer, within: folder))
        expectContains(refusal, "not a regular file", "\(refusal)")
        expectEqual(AnswerFile.text(answer, within: nil), nil)
        let student = try ClassGrading.student(at: folder.path, exercises: TestLab.exercises)
        let result = ClassGrading.ungraded(
            ClassGrading.Job(student: 0, exercise: exercise), student: student, root: TestLab.root)
        expectEqual(result?.stage, "forbidden", "\(String(describing: result))")
    }

    /// The same answer as a real file in the student's folder is graded as usual.
    @Test func aRealFileIsRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-real-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("\(exercise.id)/\(exercise.fileName)")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestLab.folder(exercise).solution, to: file)
        expectEqual(AnswerFile.refusal(file, within: folder), nil)
        expectNotEqual(AnswerFile.text(file, within: folder), nil)
    }

    /// An empty file is empty text, graded as such, not "cannot read" (an audit's).
    @Test func anEmptyFileIsEmptyText() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-empty-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(exercise.fileName)
        expect(FileManager.default.createFile(atPath: file.path, contents: Data()))
        expectEqual(AnswerFile.text(file, within: folder), "")
    }
}
