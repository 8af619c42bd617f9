import LessonKit
import Lessons
import Testing

/// A default run is read end to end: it fits in about 150 lines, details behind --steps, --trace
/// and the extras. Counted as a student counts, `NO_COLOR=1 LESSON | wc -l`. The bound is 160: a
/// lesson's sentences are chosen from its run's figures, so its length follows the outcome
/// (cancellation: 139 lines on two quiet CPUs, 144 on one, 151 once in CI's busy one-CPU run,
/// where the loops ended before `cancel()` and each outcome took its own lines). The bound is 170
/// since tables fit the width (session 70): a pipe gets 100 columns, and cancellation's steps table,
/// about 135 wide, is now two panels (153–156 lines quiet, 161 in CI's one-CPU run), where before a
/// terminal of that width wrapped its lines anyway.
@Suite("Every lesson's default output fits in about 150 lines", .serialized)
struct DefaultLengthTests {
    static let budget = 170

    @Test(arguments: LessonCatalog.lessons.map(\.name))
    func theDefaultRunFitsTheBudget(lesson: String) async throws {
        let result = try await DefaultRuns.shared.result(of: lesson)
        expectEqual(result.status, 0, "\(result.standardError)")
        let lines =
            result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).count
            - (result.standardOutput.hasSuffix("\n") ? 1 : 0)
        expectAtMost(lines, Self.budget, "\(lesson) printed \(lines) lines")
        // The budget must not hide a variant: each one that ran has its heading.
        expectAbove(lines, 20)
    }
}

/// Every lesson's default run, each its own process, a few at a time: the first case to ask
/// starts them all and each case reads its own. One after another they took 26 s, nearly all
/// of it waiting (a default run sleeps at the sources' real delays; 4 s of CPU in all), so
/// four at a time finish in about a quarter of that, on one CPU too. Each run is still the
/// student's command, on a busy machine, which the lessons' sentences must be true on anyway.
actor DefaultRuns {
    static let shared = DefaultRuns()
    static let width = 4

    private var runs: Task<[String: Result<ProcessResult, any Error>], Never>?

    func result(of lesson: String) async throws -> ProcessResult {
        let runs = self.runs ?? Task { await Self.runAll(LessonCatalog.lessons.map(\.name)) }
        self.runs = runs
        guard let result = await runs.value[lesson] else { throw DefaultRunsError.notALesson(lesson) }
        return try result.get()
    }

    private static func runAll(_ lessons: [String]) async -> [String: Result<ProcessResult, any Error>] {
        await withTaskGroup(of: (String, Result<ProcessResult, any Error>).self) { group in
            var waiting = lessons[...]
            func startNext() {
                guard let lesson = waiting.popFirst() else { return }
                group.addTask {
                    do { return (lesson, .success(try await ProcessRunner.run(lesson, []))) } catch {
                        return (lesson, .failure(error))
                    }
                }
            }
            for _ in 0..<width { startNext() }
            var results: [String: Result<ProcessResult, any Error>] = [:]
            for await (lesson, result) in group {
                results[lesson] = result
                startNext()
            }
            return results
        }
    }
}

enum DefaultRunsError: Error { case notALesson(String) }
