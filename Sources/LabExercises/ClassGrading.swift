import Foundation
import LabCore
import LabSourceScan

/// Grades a whole class: every student's folder, every exercise, each in the sandbox,
/// with as many workers as the machine has cores. It reads the students' files only:
/// a progress file can say anything, so it is never consulted.
public struct ClassGrading: Sendable {
    /// One student's folder: a lab clone (its `my-exercises/`, or `Exercises/` for an older
    /// lab), or a folder of exercise files, each at `<id>.swift` or `<id>/<id>.swift`.
    public struct Student: Sendable, Equatable {
        public let name: String
        public let exercisesFolder: URL
        /// The folder the teacher named (`exercisesFolder` may be its `my-exercises/`): every answer
        /// must be really in it (`AnswerFile`).
        public var folder: URL? = nil

        public func file(for exercise: Exercise) -> URL {
            let nested = exercisesFolder.appendingPathComponent(exercise.id).appendingPathComponent(exercise.fileName)
            return FileManager.default.fileExists(atPath: nested.path)
                ? nested : exercisesFolder.appendingPathComponent(exercise.fileName)
        }
    }

    public enum Status: String, Sendable, Codable {
        case solved, failed
        case notStarted = "not started"
        case missing
    }

    public struct Result: Sendable, Codable, Equatable {
        public let status: Status
        /// How a failed answer failed (compile, forbidden, checks, …), and its first message.
        public let stage: String?
        public let message: String?
        /// Set when the answer is the reference solution or another student's answer with
        /// the names changed (see AnswerSimilarity): for the teacher to look at.
        public var identicalTo: String? = nil
    }

    public let root: URL
    public let students: [Student]
    public let workers: Int
    /// The lab's exercises, every one graded for every student.
    public let exercises: [Exercise]

    public init(root: URL, students: [Student], workers: Int = GradingWidth.builds()) throws {
        self.root = root
        self.students = students
        self.workers = max(1, workers)
        exercises = try ExerciseCatalog.load(root: root).all
    }

    /// The student folder at `path`: its `Exercises/` if it has one, else the folder itself.
    public static func student(at path: String, exercises: [Exercise]) throws -> Student {
        // An empty word names no folder; URL would read it as the current one.
        guard !path.isEmpty else { throw ExerciseError.notAStudentFolder(path) }
        let url = URL(fileURLWithPath: path).standardizedFileURL
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw ExerciseError.notAStudentFolder(path)
        }
        // A student's folder that is itself a symbolic link (a submission unpacked as `student-07 ->
        // ../student-03`, or `-> /home/teacher/key`, reached by the teacher's `class/*`) would have
        // the grader read another folder's files as this student's (helper 124's audit: a linked
        // folder got the linked student's ✔). Trusted from its parent instead, so that each of its
        // answers is refused as one in a linked folder below the student's is (`AnswerFile`).
        let trusted = AnswerFile.isLink(url.path) ? url.deletingLastPathComponent() : url
        let candidates = [url.appendingPathComponent("my-exercises"), url.appendingPathComponent("Exercises"), url]
        for folder in candidates {
            let student = Student(name: url.lastPathComponent, exercisesFolder: folder, folder: trusted)
            if exercises.contains(where: {
                FileManager.default.fileExists(atPath: student.file(for: $0).path)
            }) {
                return student
            }
        }
        // An empty folder is a student who handed in nothing (every exercise "missing"): a class's
        // `class/*` stopped at it, and nobody was graded. A folder with other things in it and no
        // exercise file is still refused: the class's own folder, given as one student, is one.
        if Self.isEmptyFolder(url) {
            return Student(name: url.lastPathComponent, exercisesFolder: url, folder: trusted)
        }
        // A clone of the lab with no answer in it (a student's repository where nothing was handed
        // in, or `my-exercises/` not committed) is such a student too: it was refused as "not a
        // student's folder", and `lab grade repos/*` graded nobody (an audit).
        if Self.isLabClone(url) {
            return Student(
                name: url.lastPathComponent, exercisesFolder: url.appendingPathComponent("my-exercises"),
                folder: trusted)
        }
        throw ExerciseError.notAStudentFolder(path)
    }

    /// A clone of the lab: its manifest, and an `Exercises/` folder of exercises.
    static func isLabClone(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
            && FileManager.default.fileExists(atPath: url.appendingPathComponent("Exercises/README.md").path)
    }

    /// No entry but hidden ones (`.DS_Store`, a `.git` an empty hand-in was cloned with).
    static func isEmptyFolder(_ url: URL) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return false }
        return names.allSatisfy { $0.hasPrefix(".") }
    }

    struct Job: Sendable {
        let student: Int
        let exercise: Exercise
    }

    /// The batch a class is graded in.
    /// Checks three to a worker, not BatchGrading's two (most of a check is waiting: its
    /// services' latencies, a mistake waiting out its patience), each run as soon as its answer
    /// is built, beside the other answers' builds, as `--verify` runs the whole catalogue, which
    /// proves every check at that width. Run after all the builds, the checks' phase left the CPUs
    /// a third idle: 30 students × 31 answers took 309–320 s; beside the builds 207 s, every
    /// verdict as intended (docs/MEASUREMENTS.md, session 60). Only where the sandbox keeps a
    /// check out of the lab folder (`Sandbox.confinesFiles`), which holds the batch's builds: a
    /// student's check then reaches another's build no more than another batch's (THREAT-MODEL.md).
    static func batch(root: URL, workers: Int) -> BatchGrading {
        var batch = BatchGrading(root: root, buildWorkers: workers, runWorkers: 3 * workers)
        batch.runWhileBuilding = Sandbox.confinesFiles
        return batch
    }

    /// Grades everything in one batch (see BatchGrading); `progress` is called (from worker
    /// threads) after each answer.
    public func run(progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void) async -> ClassReport {
        let jobs = students.indices.flatMap { student in exercises.map { Job(student: student, exercise: $0) } }
        var results: [Int: [String: Result]] = [:]
        var answers: [BatchGrading.Answer] = []
        var batched: [Job] = []
        let classFolders = students.map(\.exercisesFolder)
        for job in jobs {
            let student = students[job.student]
            if let early = Self.ungraded(job, student: student, root: root) {
                results[job.student, default: [:]][job.exercise.id] = early
                continue
            }
            var answer = BatchGrading.Answer(exercise: job.exercise, source: student.file(for: job.exercise))
            // The graded code may change nothing of this student's, nor read another's (on macOS
            // the profile names them; on Linux Landlock grants none of them anyway).
            answer.watchedFolders = [student.exercisesFolder]
            answer.protectedFolders = classFolders
            answer.folder = student.folder ?? student.exercisesFolder
            answers.append(answer)
            batched.append(job)
        }
        let settled = jobs.count - answers.count
        for done in stride(from: 1, through: settled, by: 1) { progress(done, jobs.count) }
        let total = jobs.count
        let outcomes = await Self.batch(root: root, workers: workers).grade(answers) { done, _ in
            progress(settled + done, total)
        }
        for (job, outcome) in zip(batched, outcomes) {
            results[job.student, default: [:]][job.exercise.id] =
                outcome.passed
                ? Result(status: .solved, stage: nil, message: nil)
                : Result(status: .failed, stage: outcome.stage.rawValue, message: outcome.messages.first)
        }
        var graded = results
        flagIdenticalAnswers(in: &graded)
        return ClassReport(
            generatedAt: Date(), exercises: exercises.map(\.id),
            students: students.indices.map { index in
                ClassReport.StudentResult(
                    name: students[index].name, folder: students[index].exercisesFolder.path,
                    results: graded[index] ?? [:])
            })
    }

    /// Marks answers identical to the reference solution or to another student's, per
    /// exercise. Students are told apart by folder name (`lab grade` refuses a name given twice).
    func flagIdenticalAnswers(in graded: inout [Int: [String: Result]]) {
        for exercise in exercises {
            var answers: [String: String] = [:]
            for (index, student) in students.enumerated() {
                guard let status = graded[index]?[exercise.id]?.status, status == .solved || status == .failed,
                    let code = AnswerFile.text(
                        student.file(for: exercise), within: student.folder ?? student.exercisesFolder)
                else { continue }
                answers[student.name] = code
            }
            let solution = try? String(contentsOf: Grader(root: root, exercise: exercise).solutionFile, encoding: .utf8)
            let flagged = AnswerSimilarity.matches(answers: answers, solution: solution)
            for (index, student) in students.enumerated() {
                if let what = flagged[student.name] { graded[index]?[exercise.id]?.identicalTo = what }
            }
        }
    }

    /// The verdict an answer gets without a build: missing, or the untouched starting file.
    static func ungraded(_ job: Job, student: Student, root: URL) -> Result? {
        let file = student.file(for: job.exercise)
        // Nothing there (not even a link to nothing) is missing, before any refusal: in a folder
        // that is a link, every exercise the student did not hand in was a failure "in a
        // symbolic link" (an audit: 29 invented failures).
        var status = stat()
        if lstat(file.path, &status) != 0, errno == ENOENT {
            return Result(status: .missing, stage: nil, message: nil)
        }
        if let refusal = AnswerFile.refusal(file, within: student.folder ?? student.exercisesFolder) {
            return Result(status: .failed, stage: CheckOutcome.Stage.forbidden.rawValue, message: refusal)
        }
        guard FileManager.default.fileExists(atPath: file.path) else {
            return Result(status: .missing, stage: nil, message: nil)
        }
        // Read as the batch reads it (`AnswerFile.text`): one checked descriptor, never blocking.
        let answer: String
        switch AnswerFile.read(file, within: student.folder ?? student.exercisesFolder) {
        case .success(let text): answer = text
        case .failure(let unreadable):
            return Result(
                status: .failed, stage: CheckOutcome.Stage.compile.rawValue,
                message: "cannot read \(file.lastPathComponent): \(unreadable)")
        }
        // An empty file declares nothing: said so, where the build's "no error of its own, … the
        // errors below" was followed by none (an audit).
        if answer.allSatisfy(\.isWhitespace) {
            return Result(
                status: .failed, stage: CheckOutcome.Stage.compile.rawValue,
                message: "\(file.lastPathComponent) is empty: it declares nothing the exercise asks for")
        }
        if AnswerFile.isStarter(answer, starter: Grader(root: root, exercise: job.exercise).originalFile) {
            return Result(status: .notStarted, stage: nil, message: nil)
        }
        return nil
    }
}
