import Foundation
import Testing

@testable import LabCore
@testable import LabProcesses
@testable import LessonKit

/// The lesson executables and `lab`, run as a student runs them.
@Suite("Lesson executables", .serialized)
struct LessonExecutableTests {
    @Test func jsonCarriesEveryStepsMeasuredTimes() async throws {
        let result = try await ProcessRunner.run(
            "sync-vs-async", ["--json", "--variant", "errors", "--variant", "async-property", "--scale", "0.01"])
        expectEqual(result.status, 0, "\(result.standardError)")
        let report = try LessonReport.decode(Data(result.standardOutput.utf8))
        expectEqual(report.schema, LessonReport.schema)
        expect(report.lesson == "sync-vs-async" && report.scale == 0.01)
        expectEqual(report.variants.map(\.name), ["errors", "async-property"])
        for variant in report.variants {
            expect(variant.succeeded && !variant.steps.isEmpty && !variant.figures.isEmpty)
            expect(variant.steps.allSatisfy { $0.durationSeconds >= 0 && $0.startSeconds >= 0 })
        }
        let errors = report.variants[0]
        expectEqual(errors.figures.first { $0.key == "outcomes" }?.text?.contains("DurationError.tooLong"), true)
    }

    @Test func traceOutWritesATraceEventFile() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lab-trace-\(UUID().uuidString).json")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await ProcessRunner.run(
            "sync-vs-async", ["--variant", "async-await", "--trace-out", path, "--quiet"])
        expectEqual(result.status, 0, "\(result.standardError)")
        let root = try unwrap(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let events = try unwrap(root["traceEvents"] as? [[String: Any]])
        expect(events.contains { $0["ph"] as? String == "X" && $0["name"] as? String == "takesTooLong()" })
        expect(events.filter { $0["ph"] as? String == "X" }.allSatisfy { $0["dur"] is Double && $0["ts"] is Double })
    }

    @Test func traceFlagDrawsTheTimeline() async throws {
        let result = try await ProcessRunner.run("sync-vs-async", ["--variant", "blocking", "--trace"])
        expectEqual(result.status, 0)
        expectContains(result.standardOutput, "Timeline")
        expectContains(result.standardOutput, "UI frames")
        expectContains(result.standardOutput, "blocking (holds a thread)")
        expectNotContains(result.standardOutput, "\u{1B}[", "NO_COLOR is honoured")
    }

    @Test func helpAndListExitCleanly() async throws {
        let help = try await ProcessRunner.run("sync-vs-async", ["--help"])
        expect(help.status == 0 && help.standardOutput.contains("--trace-out FILE"))
        let list = try await ProcessRunner.run("sync-vs-async", ["--list"])
        expect(list.status == 0 && list.standardOutput.contains("unstructured-vs-detached"))
    }

    @Test func labAloneIntroducesTheLab() async throws {
        let result = try await ProcessRunner.run("lab", [])
        expectEqual(result.status, 0)
        expectContains(result.standardOutput, "sync-vs-async")
        expectContains(result.standardOutput, "Start here")
    }

    @Test func labRunsALessonLikeItsExecutable() async throws {
        let result = try await ProcessRunner.run(
            "lab", ["run", "sync-vs-async", "--variant", "errors", "--json", "--scale", "0.01"])
        expectEqual(result.status, 0)
        try expectEqual(LessonReport.decode(Data(result.standardOutput.utf8)).variants.count, 1)
    }

    @Test func benchSpreadsAPrimitiveSuiteOverWorkerProcesses() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("lab-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try await ProcessRunner.run(
            "lab",
            [
                "bench", "--allow-debug", "--processes", "2", "--samples", "3", "--time", "0.1",
                "--format", "json", "--out", out.path, "harness overhead",
            ])
        expectEqual(result.status, 0, "\(result.standardError)")
        let report = try String(contentsOf: out.appendingPathComponent("report.json"), encoding: .utf8)
        expectContains(report, "\"process_medians\"", "each worker process's median is in the report")
        expectContains(report, "\"process\" : 2", "samples are tagged with the worker that took them")
    }

    /// The executor-width probe in a process of its own, as a student runs it. It waits for its
    /// tasks on a thread of its own: a version that waited on the main actor needed a pool thread
    /// for each look while its own tasks held every one, and took 70–80 s a probe (0.25–1.3 s
    /// now); the bound is generous.
    @Test func doctorMeasuresTheMachine() async throws {
        let start = ContinuousClock.now
        let result = try await ProcessRunner.run("lab", ["doctor", "--json"])
        expectBelow(start.duration(to: .now), .seconds(40))
        expectEqual(result.status, 0)
        let root = try unwrap(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let width = try unwrap(root["executor_width"] as? Int)
        expect(width >= 1 && width <= ProcessInfo.processInfo.activeProcessorCount)
        expectAtMost(width, ExecutorProbe.onlineCPUs, "the pool is sized from the CPUs online")
        expect(root["main_actor_isolated_after_suspension"] as? Bool == true)
        expect(root["main_thread_before_suspension"] as? Bool == true, "measured before lab's own code suspends")
        expectBelow((root["clock_resolution_seconds"] as? Double ?? 1), 0.001)
        let usable = try unwrap(root["usable_cpu_count"] as? Int)
        expect(usable >= 1 && usable <= ProcessInfo.processInfo.activeProcessorCount)
    }

    /// One CPU (`taskset -c 0`): the doctor counts the one CPU the process may use, which
    /// Foundation's activeProcessorCount does not (it counts the machine's on Linux).
    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/taskset"),
            "taskset is not installed (it is Linux's)"))
    func doctorCountsTheOneCPUThatTasksetLeaves() async throws {
        let lab = try ProcessRunner.productsDirectory().appendingPathComponent("lab").path
        let result = try await ProcessCapture.run(
            URL(fileURLWithPath: "/usr/bin/taskset"), ["-c", "0", lab, "doctor", "--json"], timeout: 120)
        expectEqual(result.status, 0, "\(result.standardError)")
        let root = try unwrap(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        expect(root["usable_cpu_count"] as? Int == 1)
    }
}
