import Foundation
import LabCore
import LabProcesses
import Testing

/// `lab grade` sizes its builds and checks by the CPUs it may use (at least two builds), not the
/// machine's: under `taskset -c 0` (or a container's one-CPU quota) it grades with two workers,
/// where Foundation's activeProcessorCount would have given it every CPU of the host. (On a
/// two-CPU machine both say two: `GradingWidthTests` proves the rule itself.)
@Suite("lab grade counts the CPUs it may use")
struct GradeWidthTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/taskset"),
            "taskset is not installed (it is Linux's)"))
    func oneCPUGivesTwoWorkers() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lab-grade-width-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        // A student who has not started: every file is its exercise's starting file, so nothing
        // is built and the command ends as soon as it has said how wide it grades.
        let student = scratch.appendingPathComponent("student")
        try FileManager.default.createDirectory(at: student, withIntermediateDirectories: true)
        let exercises = Self.root.appendingPathComponent("Exercises")
        for name in try FileManager.default.contentsOfDirectory(atPath: exercises.path)
        where name.first?.isNumber == true {
            try FileManager.default.copyItem(
                at: exercises.appendingPathComponent("\(name)/starter.swift"),
                to: student.appendingPathComponent("\(name).swift"))
        }
        let lab = try ProcessRunner.productsDirectory().appendingPathComponent("lab").path
        let result = try await ProcessCapture.run(
            URL(fileURLWithPath: "/usr/bin/taskset"),
            [
                "-c", "0", lab, "grade", student.path, "--out", scratch.appendingPathComponent("report").path,
                "--no-color",
            ],
            timeout: 120)
        expectEqual(result.status, 0, "\(result.standardError)")
        expectContains(result.standardOutput, "with 2 workers ", "\(result.standardOutput)")
    }
}
