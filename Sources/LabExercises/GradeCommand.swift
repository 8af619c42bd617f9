import Foundation
import LabCore

extension ExerciseCommands {
    /// `lab grade PATH…`: grades every student's folder in the sandbox, in parallel, and
    /// writes the class report (CSV, JSON, HTML) into `output`. Re-running overwrites it.
    public func grade(paths: [String], workers: Int?, output: URL) async throws -> Int32 {
        guard !paths.isEmpty else { throw UsageError.missingArgument("the students' folders, e.g. lab grade class/*") }
        let students = try paths.map(ClassGrading.student(at:))
        let names = students.map(\.name)
        if let repeated = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            throw ExerciseError.notAStudentFolder("\(repeated) (given twice: each student's folder needs its own name)")
        }
        let width = workers ?? ProcessInfo.processInfo.activeProcessorCount
        let grading = ClassGrading(root: root, students: students, workers: width)
        say(
            terminal.paint(
                "Grading \(students.count) student\(students.count == 1 ? "" : "s") × \(ExerciseCatalog.all.count) exercises with \(grading.workers) worker\(grading.workers == 1 ? "" : "s")",
                .bold)
                + terminal.paint(" (the first answers also build the lab's library once per worker)", .dim))
        let bar = Locked(
            ProgressBar(title: "grading", total: students.count * ExerciseCatalog.all.count, terminal: terminal))
        let clock = ContinuousClock()
        let start = clock.now
        let report = await grading.run { done, _ in bar.withLock { $0.update(done: done) } }
        bar.withLock { $0.finish() }
        say(report.table(on: terminal))
        let files = try report.write(to: output)
        say(
            "Graded in \(start.duration(to: clock.now).humanReadable). Wrote "
                + files.map(\.path).joined(separator: ", "))
        return 0
    }
}
