import Foundation
import LabCommandLine
import LabConsole
import LabCore

extension ExerciseCommands {
    /// `lab grade PATH…`: grades every student's folder in the sandbox, in parallel, and
    /// writes the class report (CSV, JSON, HTML) into `output` (the command refuses a folder that
    /// holds a report already, unless asked to replace it: `GradeOutput`).
    public func grade(paths: [String], workers: Int?, output: URL) async throws -> Int32 {
        guard !paths.isEmpty else { throw UsageError.missingArgument("the students' folders, e.g. lab grade class/*") }
        let exercises = try catalog.all
        // The report's own folder, reached by `lab grade *` run in the class's folder a second time,
        // is no student: left out, and said so (it was refused as "not a student's folder").
        let reportFolder = output.standardizedFileURL.resolvingSymlinksInPath().path
        let kept = paths.filter {
            URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path != reportFolder
        }
        if kept.count < paths.count {
            StandardError.write(
                "lab grade: note: \(output.path) is where this report goes, not a student's folder; left out")
        }
        guard !kept.isEmpty else { throw UsageError.missingArgument("the students' folders, e.g. lab grade class/*") }
        let students = try kept.map { try ClassGrading.student(at: $0, exercises: exercises) }
        let names = students.map(\.name)
        // Swift's `==` compares text: two spellings of "José" (NFC, NFD) are equal, and would
        // share a row of the report. Told apart here by their bytes, for the message.
        if let repeated = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            let spellings = Set(names.filter { $0 == repeated }.map { Array($0.utf8) })
            // The same folder twice, or two folders (a/Zoë, b/Zoë) whose names the report cannot
            // tell apart: the second is no repetition, and saying so sent an audit looking for one.
            let folders = Set(
                students.filter { $0.name == repeated }.map {
                    ($0.folder ?? $0.exercisesFolder).resolvingSymlinksInPath().standardizedFileURL.path
                })
            throw spellings.count > 1
                ? ExerciseError.studentNamesAlike(repeated)
                : folders.count > 1
                    ? ExerciseError.studentFoldersNamedAlike(repeated, folders: folders.sorted())
                    : ExerciseError.studentGivenTwice(repeated)
        }
        let width = workers ?? GradingWidth.builds()
        let grading = try ClassGrading(root: root, students: students, workers: width)
        say(
            (terminal.paint(
                "Grading \(students.count) student\(students.count == 1 ? "" : "s") × \(exercises.count) exercise\(exercises.count == 1 ? "" : "s") with \(grading.workers) worker\(grading.workers == 1 ? "" : "s")",
                .bold)
                + terminal.paint(
                    // As the batch runs them: beside the builds only where the sandbox keeps checks out of the lab.
                    ClassGrading.batch(root: root, workers: grading.workers).runWhileBuilding
                        ? " (each answer's check runs as soon as it is compiled; the first batch also builds the lab's library)"
                        : " (all answers are compiled first, then their checks run; the first batch also builds the lab's library)",
                    .dim)).wrapped(to: terminal.width))
        let bar = Locked(
            ProgressBar(title: "grading", total: students.count * exercises.count, terminal: terminal))
        let clock = ContinuousClock()
        let start = clock.now
        let report = await grading.run { done, _ in bar.withLock { $0.update(done: done) } }
        bar.withLock { $0.finish() }
        // Written before the table is printed: a reader that goes away (`lab grade … | head`) or a
        // full disk ends the program while it prints, and the class's report was lost so (an audit).
        let files = try report.write(to: output)
        say(report.table(on: terminal))
        say(
            ("Graded in \(start.duration(to: clock.now).humanReadable). Wrote "
                + files.map(\.path).joined(separator: ", ")).wrapped(to: terminal.width))
        return 0
    }
}
