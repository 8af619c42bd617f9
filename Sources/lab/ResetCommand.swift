import Foundation
import LabCore
import LabExercises

/// `lab reset EXERCISE`: the exercise back as it started. The student's version, when it
/// differs, is first saved in the lab folder's `backups/` under a name of its own: a later
/// reset, even in the same instant or from another terminal, never replaces an earlier copy.
enum ResetCommand {
    static func run(_ name: String, root: URL, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws -> Int32
    {
        let catalog = try ExerciseCatalog.load(root: root)
        guard let exercise = catalog.exercise(named: name) else {
            throw ExerciseError.unknownExercise(
                name, suggestion: Suggestion.closest(to: name, in: catalog.all.map(\.id)))
        }
        let workspace = StudentWorkspace(root: root, environment: environment)
        _ = try workspace.prepare(only: exercise)
        let mine = workspace.file(for: exercise)
        let original = try Data(contentsOf: Grader(root: root, exercise: exercise).originalFile)
        if let current = try? Data(contentsOf: mine), current != original {
            let backup = try BackupFile.save(
                current, in: backups(environment: environment), stem: exercise.id, extension: "swift")
            StandardOutput.line("Your version is saved in \(backup.path).")
        }
        try AtomicFile.write(original, to: mine)
        StandardOutput.line("\(workspace.displayPath(for: exercise)) is back to its starting point.")
        return 0
    }

    static func backups(environment: [String: String]) -> URL {
        LabFolder.url(environment: environment).appendingPathComponent("backups", isDirectory: true)
    }
}
