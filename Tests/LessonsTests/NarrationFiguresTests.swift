import Testing

@testable import LabCore
@testable import LessonKit
@testable import Lessons

/// Every time and ratio a lesson's sentences state is a figure of the run that printed them,
/// as printed, or a setting the lesson states as such: a sentence cannot say "about 20 ms" of
/// work that took 12 ms, or "173×" beside 172 in its table.
@Suite("Sentences say the run's own figures", .serialized)
struct NarrationFiguresTests {
    @Test func quantitiesAreFoundAsPrinted() {
        expectEqual(
            NarrationCheck.quantities(in: "took 12.4 ms–23 ms, 3.92× sooner; 1,399 B; 5 s (250 ms at this scale)"),
            ["12.4 ms", "23 ms", "3.92×", "5 s", "250 ms"])
        expectEqual(NarrationCheck.quantities(in: "req-7 and 4 tasks, 60 Hz, 8 photos, version 6.2 is"), [])
    }

    @Test func aNumberOfItsOwnIsCaughtAndAFigureOrSettingPasses() {
        var variant = LessonReport.VariantResult(
            name: "v", title: "t", succeeded: true, error: nil, wallSeconds: 1,
            figures: [Figure(key: "took", label: "took", value: 0.0852, unit: .seconds)], steps: [])
        variant.stated = ["100 ms"]
        variant.narration = ["calibrated for 100 ms, it took 85.2 ms"]
        expectEqual(NarrationCheck.unsupported(in: variant), [])
        variant.narration = ["100 ms of computation took 86 ms"]
        expectEqual(NarrationCheck.unsupported(in: variant), ["86 ms"])
    }

    @MainActor
    @Test(arguments: LessonCatalog.lessons.map(\.name))
    func everyVariantsSentencesUseItsFigures(lesson name: String) async throws {
        let lesson = try unwrap(LessonCatalog.lesson(named: name))
        let report = try await LessonHarness.run(lesson, lesson.variants.map(\.name))
        for variant in report.variants {
            expectNotEqual(variant.narration, nil)
            let unsupported = NarrationCheck.unsupported(in: variant)
            expect(
                unsupported.isEmpty,
                "\(name) \(variant.name): \(unsupported) not among \(variant.figures.map(\.formattedValue)) or \(variant.stated ?? [])"
            )
        }
    }
}
