import Foundation
import Testing

@testable import LabBench

/// Reference values from R / NumPy / SciPy (scipy.stats.mannwhitneyu), not from this code.
@Suite("Statistics against reference values")
struct StatisticsTests {
    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    @Test func quantilesAreType7() {
        expect(close(Statistics.quantile([1, 2, 3, 4], 0.25), 1.75))
        expect(close(Statistics.quantile([2, 4, 4, 4, 5, 5, 7, 9], 0.5), 4.5))
        expect(close(Statistics.quantile([2, 4, 4, 4, 5, 5, 7, 9], 0.9), 7.6))
    }

    @Test func summaryOfATextbookSample() {
        let summary = Summary([2, 4, 4, 4, 5, 5, 7, 9])
        expect(close(summary.mean, 5))
        expect(close(summary.median, 4.5))
        expect(close(summary.standardDeviation, 2.138089935299395, 1e-12))
        expect(close(summary.mad, 0.5))
        expect(close(summary.coefficientOfVariation, 2.138089935299395 / 5, 1e-12))
        expect(summary.min == 2 && summary.max == 9)
    }

    @Test func medianConfidenceIntervalUsesOrderStatistics() {
        let (low, high) = Statistics.medianConfidenceInterval((1...20).map(Double.init))
        expect(low == 5 && high == 16)  // j = ⌊10 − 1.96·√20/2⌋, k = ⌈11 + 1.96·√20/2⌉
        let few = Statistics.medianConfidenceInterval([3, 1, 2].sorted())
        expect(few == (1, 3), "under 6 samples the interval is the range")
    }

    @Test func tukeyFencesCountOutliers() {
        let summary = Summary([1, 2, 3, 4, 5, 6, 7, 8, 9, 100])
        expect(summary.highOutliers == 1 && summary.lowOutliers == 0)
    }

    @Test func mannWhitneyExactSmallSamples() {
        let separated = Statistics.mannWhitney([1, 2, 3, 4, 5], [6, 7, 8, 9, 10])
        expectEqual(separated.u, 0)
        expect(close(separated.p, 0.007936507936507936, 1e-12))
        let interleaved = Statistics.mannWhitney([1, 3, 5, 7, 9], [2, 4, 6, 8, 10])
        expectEqual(interleaved.u, 10)
        expect(close(interleaved.p, 0.6904761904761905, 1e-12))
    }

    @Test func mannWhitneyNormalApproximationWithTies() {
        let tied = Statistics.mannWhitney(
            [1.1, 2.2, 2.2, 3.5, 4.0, 4.0, 5.5, 6.1], [3.0, 4.0, 4.0, 6.2, 7.7, 8.1, 8.1, 9.4, 9.9])
        expectEqual(tied.u, 11)
        expect(close(tied.p, 0.01754696188101204, 1e-9))
        let first: [Double] = (1...30).map { Double($0) }
        let second: [Double] = (1...25).map { Double($0) + 7.5 }
        let large = Statistics.mannWhitney(first, second)
        expectEqual(large.u, 253)
        expect(close(large.p, 0.04000233106564058, 1e-9))
    }

    @Test func identicalSamplesAreNotSignificant() {
        expectEqual(Statistics.mannWhitney([5, 5, 5, 5, 5, 5], [5, 5, 5, 5, 5, 5]).p, 1)
    }

    @Test func bootstrapRatioIntervalBracketsTheRatio() {
        let a: [Double] = (0..<30).map { (index: Int) -> Double in 2.0 + Double(index % 5) * 0.01 }
        let b: [Double] = (0..<30).map { (index: Int) -> Double in 1.0 + Double(index % 5) * 0.005 }
        let (low, high) = Statistics.ratioInterval(a, b)
        expect(low <= 2.0 && high >= 1.98 && high < 2.1)
        expect(Statistics.ratioInterval(a, b) == (low, high), "seeded: the same interval every time")
    }

    @Test func bimodalityIsDetectedOnlyWhenTheClustersAreClear() {
        let fast: [Double] = (0..<10).map { 7.0 + Double($0) * 0.02 }
        let slow: [Double] = (0..<10).map { 12.0 + Double($0) * 0.02 }
        let twoSpeeds = fast + slow
        expect(Statistics.looksBimodal(twoSpeeds))
        let noisy: [Double] = (0..<20).map { (index: Int) -> Double in 10.0 + Double((index * 37) % 11) * 0.1 }
        expect(!Statistics.looksBimodal(noisy))
        expect(!Statistics.looksBimodal([1, 2, 3]), "too few samples to say")
    }
}
