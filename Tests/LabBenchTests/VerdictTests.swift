import Foundation
import Testing

@testable import LabBench
@testable import LabCore

/// The `→` line: ties said as ties, every variant's difference from the reference listed.
@Suite("Bench verdicts")
struct VerdictTests {
    /// Twelve samples around `seconds`, with a small spread of their own (`shift` moves the pattern).
    static func samples(_ seconds: Double, shift: Int = 0) -> [Sample] {
        (0..<12).map { Fixture.sample(seconds * (1 + Double(($0 + shift) % 4) * 0.004)) }
    }

    static func result(_ medians: [(String, Double, Int)], reference: String) -> SuiteResult {
        let definition = BenchmarkSuite(
            name: "s", kind: .pattern, summary: "", reference: reference,
            variants: medians.map { name, _, _ in BenchmarkVariant(name) { _ in } })
        return Analysis.analyze(
            definition, samples: Dictionary(uniqueKeysWithValues: medians.map { ($0.0, samples($0.1, shift: $0.2)) }))
    }

    @Test func threeTiedVariantsAreSaidToBeTiedAndNoneIsCrowned() {
        let result = Self.result(
            [("reference", 0.040, 0), ("a", 0.010, 0), ("b", 0.010, 1), ("c", 0.010, 2), ("slow", 0.080, 0)],
            reference: "reference")
        let text = result.conclusion
        expect(text.hasPrefix("Fastest, with no significant difference between them: "), "\(text)")
        let lead = text.components(separatedBy: ". Against").first ?? ""
        for name in ["a (", "b (", "c ("] { expectContains(lead, name, "all three in the lead: \(text)") }
        expect(!lead.contains("slow") && !lead.contains("reference ("), "\(text)")
        expectContains(text, "a is 4", "\(text)")
        expectContains(text, "slow takes 2× as long", "the slower variant is listed too: \(text)")
        expectNotContains(text, "Fastest: ", "\(text)")
    }

    @Test func aTieWithTheReferenceIsNotARatio() {
        let text = Self.result([("reference", 0.010, 0), ("same", 0.010, 1)], reference: "reference").conclusion
        expectContains(text, "same does not differ significantly (p = ", "\(text)")
        expect(!text.contains("as long") && !text.contains("faster"), "\(text)")
        expect(text.hasPrefix("Fastest, with no significant difference between them:"), "\(text)")
    }

    /// The rank test and the ratio's interval disagree (an audit's one-CPU run: "1.17× (0.997–1.7),
    /// p = 0.004"): no difference is claimed, and the table does not star it.
    @Test func aDifferenceWhoseIntervalIncludesOneIsNotClaimed() throws {
        let analyzed = Self.result([("reference", 0.010, 0), ("counting", 0.012, 0)], reference: "reference")
        let reference = try unwrap(analyzed.variants.first { $0.name == "reference" })
        let measured = try unwrap(analyzed.variants.first { $0.name == "counting" })
        let counting = VariantResult(
            name: measured.name, samples: measured.samples, summary: measured.summary, ratio: 1.17, ratioLow: 0.997,
            ratioHigh: 1.7, pValue: 0.004, efficiency: nil, medianParallelism: 1, medianContextSwitches: 0,
            peakMemoryBytes: 0, maxThreads: nil, figures: [], bimodal: false, processMedians: nil)
        expect(!counting.isSignificant)
        let text = Verdict.sentence(reference: "reference", variants: [reference, counting])
        expectContains(
            text, "counting is not shown to differ: p = 0.004, but the ratio's 95% interval, 0.997–1.7×, includes 1×")
        expectNotContains(text, "as long")
        expectEqual(Format.significance(counting, reference: "reference"), "p = 0.004 (interval includes 1×)")
        let clear = VariantResult(
            name: measured.name, samples: measured.samples, summary: measured.summary, ratio: 1.17, ratioLow: 1.05,
            ratioHigh: 1.3, pValue: 0.004, efficiency: nil, medianParallelism: 1, medianContextSwitches: 0,
            peakMemoryBytes: 0, maxThreads: nil, figures: [], bimodal: false, processMedians: nil)
        expectContains(
            Verdict.sentence(reference: "reference", variants: [reference, clear]), "counting takes 1.17× as long")
        expectEqual(Format.significance(clear, reference: "reference"), "p = 0.004 ✱")
    }

    @Test func everySignificantDifferenceIsListed() {
        let text = Self.result(
            [("reference", 0.020, 0), ("fast", 0.010, 0), ("slow", 0.040, 0), ("slower", 0.080, 0)],
            reference: "reference"
        ).conclusion
        expect(text.hasPrefix("Fastest: fast ("), "\(text)")
        expectContains(text, "fast is 2× faster", "\(text)")
        expectContains(text, "slow takes 2× as long", "\(text)")
        expectContains(text, "slower takes 4× as long", "\(text)")
    }
}
