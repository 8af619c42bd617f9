import Foundation
import LabCore
import LabProcesses
import Testing

/// A `lab check` stopped with Ctrl-C runs no `defer`: what it made for its check (the batch's
/// folder under `.build-exercises/batch/runs`, the check's scratch in `$TMPDIR`) must be
/// removed by the next `lab` that checks, not left behind for good (each was 2.4 MB and a
/// folder in /tmp per stopped check).
@Suite("A stopped check leaves nothing behind")
struct StoppedCheckTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let runs = root.appendingPathComponent(".build-exercises/batch/runs")
    static let exercise = "01-suspend-not-block"

    @Test func theNextCheckRemovesWhatAStoppedOneLeft() async throws {
        let folder = try freshTemporaryFolder("lab-stopped-check")
        defer { try? FileManager.default.removeItem(at: folder) }
        let temporary = folder.appendingPathComponent("tmp")
        let answer = folder.appendingPathComponent("work/\(Self.exercise)/\(Self.exercise).swift")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: answer.deletingLastPathComponent(), withIntermediateDirectories: true)
        let environment = [
            "CONCURRENCY_LAB_HOME": folder.appendingPathComponent("home").path,
            "CONCURRENCY_LAB_WORK": folder.appendingPathComponent("work").path,
            "TMPDIR": temporary.path, "NO_COLOR": "1",
        ]
        // An answer whose check is still running when it is stopped: its call never returns.
        try Data(Self.hangingAnswer.utf8).write(to: answer)
        let before = Set(Self.entries(Self.runs))
        // What it printed, for a failure to show.
        let log = folder.appendingPathComponent("stopped.log")
        let logDescriptor = open(log.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        try require(logDescriptor >= 0)
        defer { close(logDescriptor) }
        let stopped = try RunningChild(
            try ProcessRunner.productsDirectory().appendingPathComponent("lab"), ["check", "01"],
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, terminal: logDescriptor)
        defer { stopped.kill() }
        // Stopped once its check runs: its scratch is there (a busy machine builds slowly). Watched
        // from a thread of its own: in a full parallel run the pool's threads can be held by other
        // tests for longer than the check's 15 s, and a task that polls missed it (seen once).
        let made = await OnAThreadOfItsOwn.blockingWork(named: "watch the check") {
            let deadline = ContinuousClock.now + .seconds(240)
            while Self.scratch(in: temporary).isEmpty && stopped.isRunning && ContinuousClock.now < deadline {
                usleep(5_000)
            }
            let made = Set(Self.entries(Self.runs)).subtracting(before).filter { !$0.hasSuffix(".owner") }
            stopped.kill(SIGINT)
            return made
        }
        try require(
            !Self.scratch(in: temporary).isEmpty,
            "the check never started (its scratch never appeared): \((try? String(contentsOf: log, encoding: .utf8)) ?? "")"
        )
        expectEqual(try await stopped.exitStatus(), 128 + SIGINT, "Ctrl-C ends lab check as the signal")
        try require(!Self.scratch(in: temporary).isEmpty, "what it left is there before the next check")

        // The next check, on an answer that passes.
        try Data(try String(contentsOf: Self.solution, encoding: .utf8).utf8).write(to: answer)
        let next = try await ProcessRunner.run("lab", ["check", "01"], environment: environment)
        expectEqual(next.status, 0, next.standardOutput + next.standardError)
        expectEqual(Self.scratch(in: temporary), [], "the stopped check's scratch folder is still in $TMPDIR")
        for name in made.sorted() {
            expect(!Self.leftBehind(Self.runs.appendingPathComponent(name)), "runs/\(name) was left behind")
        }
    }

    static let solution = root.appendingPathComponent("Exercises/\(exercise)/solution.swift")

    static let hangingAnswer = """
        import Foundation
        import LabCore

        func takesTooLong(_ work: SimulatedWork) async -> Date {
            try? await Task.sleep(for: .seconds(3600))
            return Date()
        }

        """

    static func entries(_ folder: URL) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    }

    /// The checks' scratch folders (and their owner files) in `folder`.
    static func scratch(in folder: URL) -> [String] { entries(folder).filter { $0.hasPrefix("lab-check-") }.sorted() }

    /// Whether a batch folder is still there with no running lab behind it: another test's
    /// batch that runs holds its owner file (`OwnedFolder`), and one that ended is gone.
    static func leftBehind(_ batch: URL) -> Bool {
        guard FileManager.default.fileExists(atPath: batch.path) else { return false }
        let descriptor = open(batch.path + ".owner", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return FileManager.default.fileExists(atPath: batch.path) }
        defer { close(descriptor) }
        // Taken: its lab has ended, so the folder must be gone (its owner goes after it).
        return flock(descriptor, LOCK_EX | LOCK_NB) != 0 ? false : FileManager.default.fileExists(atPath: batch.path)
    }
}
