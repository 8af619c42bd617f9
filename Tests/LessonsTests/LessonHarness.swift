import Foundation
import Testing

@testable import LabCore
@testable import LabProcesses
@testable import LessonKit
@testable import Lessons

/// Runs a lesson's own program with `--json`, as a student runs it, and reads back its report.
///
/// At the lessons' test scale and seed, each lesson runs once per test process: every
/// variant, the first time a test asks for any of them, and every test of that lesson
/// reads its variants from that one run. A variant gets a context of its own (its own
/// probe, services seeded from the seed, figures), so it runs as it would alone; what the
/// tests share is the run, not any state.
///
/// Why a process of its own: a parallel `swift test` runs every test as a task on this
/// process's cooperative pool, two threads on two cores. A lesson run in here would wait for
/// them behind other tests' work (a benchmark's loop, a grader's scan) and measure that wait:
/// a sibling "not cancelled", a binding "not concurrent". Its own process has its own pool, as
/// a student's run has; what it shares with the tests is the CPUs, as on any busy machine. And
/// its allocation counts are its own, not the sum of every test allocating beside it.
@MainActor
enum LessonHarness {
    static let sharedScale = 0.05
    static let sharedSeed: UInt64 = 42

    /// The named variants' results. At the shared scale and seed they come from the lesson's
    /// one shared run; at any other, from a run of just those variants.
    static func run(
        _ lesson: any Lesson, _ variants: [String], scale: Double = sharedScale, seed: UInt64 = sharedSeed
    ) async throws -> LessonReport {
        guard scale == sharedScale, seed == sharedSeed else {
            return try await freshRun(lesson, variants, scale: scale, seed: seed)
        }
        let whole = try await sharedRuns.report(of: lesson)
        var report = whole
        // In the lesson's order, as a run with these --variant flags lists them.
        report.variants = whole.variants.filter { variants.contains($0.name) }
        expectEqual(report.variants.map(\.name).sorted(), variants.sorted(), "every variant asked for ran")
        // What a run of just these variants would have exited with: 0 when each succeeded.
        expect(report.variants.allSatisfy { $0.succeeded }, "\(report.variants.compactMap(\.error))")
        return report
    }

    /// A run of its own, for a test that must see a new run (a retry of a process-wide count).
    static func freshRun(
        _ lesson: any Lesson, _ variants: [String], scale: Double = sharedScale, seed: UInt64 = sharedSeed
    )
        async throws -> LessonReport
    {
        let arguments =
            ["--json", "--scale", "\(scale)", "--seed", "\(seed)"] + variants.flatMap { ["--variant", $0] }
        let program = try unwrap(
            ExecutableLocation.productsDirectory(holding: lesson.name)?.appendingPathComponent(lesson.name),
            "the lesson's program, built beside the tests")
        let run = try await runGate.inTurn {
            try await ProcessCapture.run(program, arguments, timeout: 300)
        }
        expect(run.status == 0 && !run.timedOut, "\(lesson.name) \(arguments): \(run.standardError)")
        do {
            return try LessonReport.decode(Data(run.standardOutput.utf8))
        } catch {
            Issue.record("\(lesson.name) printed no report: \(error); its errors: \(run.standardError)")
            throw error
        }
    }

    /// Lesson runs take turns, two at a time: each measures its own timing, which many runs
    /// beside it on these few CPUs would take a share of. (Two: the lessons mostly wait, on
    /// timers at this scale; alone one after another, they were the suite's longest path.)
    private static let runGate = TurnGate(width: 2)
    private static let sharedRuns = SharedLessonRuns()
}

/// Lets `width` bodies run at once, the others waiting (suspended) in the order they asked.
@MainActor
final class TurnGate {
    private let width: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(width: Int) { self.width = width }

    func inTurn<Value: Sendable>(_ body: @Sendable () async throws -> Value) async throws -> Value {
        if running < width {
            running += 1
        } else {
            // The body that ends hands its turn over: `running` counts it still.
            await withCheckedContinuation { waiting.append($0) }
        }
        defer {
            if waiting.isEmpty { running -= 1 } else { waiting.removeFirst().resume() }
        }
        return try await body()
    }
}

/// One run of every variant per lesson, started by the first test that asks and awaited by
/// the rest (a parallel `swift test` may ask twice at once: both await the same task).
@MainActor
final class SharedLessonRuns {
    private var runs: [String: Task<LessonReport, any Error>] = [:]

    func report(of lesson: any Lesson) async throws -> LessonReport {
        if let running = runs[lesson.name] { return try await running.value }
        let run = Task { @MainActor in
            try await LessonHarness.freshRun(
                lesson, lesson.variants.map(\.name), scale: LessonHarness.sharedScale, seed: LessonHarness.sharedSeed)
        }
        runs[lesson.name] = run
        return try await run.value
    }
}

extension LessonReport {
    func figure(_ variant: String, _ key: String) throws -> Figure {
        let result = try unwrap(variants.first { $0.name == variant }, "no variant \(variant)")
        return try unwrap(result.figures.first { $0.key == key }, "no figure \(key) in \(variant)")
    }

    func value(_ variant: String, _ key: String) throws -> Double { try figure(variant, key).value }

    func steps(_ variant: String) -> [Step] { variants.first { $0.name == variant }?.steps ?? [] }
}

extension LessonReport.Step {
    var end: Double { startSeconds + durationSeconds }
    func overlaps(_ other: Self) -> Bool { startSeconds < other.end && other.startSeconds < end }
}
