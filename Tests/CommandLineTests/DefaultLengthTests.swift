import Lessons
import Testing

/// A default run is read end to end: it fits in about 150 lines, details behind --steps, --trace
/// and the extras. Counted as a student counts, `NO_COLOR=1 LESSON | wc -l`.
@Suite("Every lesson's default output fits in 150 lines", .serialized)
struct DefaultLengthTests {
    static let budget = 150

    @Test(arguments: LessonCatalog.lessons.map(\.name))
    func theDefaultRunFitsTheBudget(lesson: String) throws {
        let result = try ProcessRunner.run(lesson, [])
        #expect(result.status == 0, "\(result.standardError)")
        let lines =
            result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).count
            - (result.standardOutput.hasSuffix("\n") ? 1 : 0)
        #expect(lines <= Self.budget, "\(lesson) printed \(lines) lines")
        // The budget must not hide a variant: each one that ran has its heading.
        #expect(lines > 20)
    }
}
