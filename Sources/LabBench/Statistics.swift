import Foundation
import LabCore

/// Descriptive statistics of a sample, the way benchmark reports need them.
public struct Summary: Sendable, Codable, Equatable {
    public let count: Int
    public let min: Double
    public let p25: Double
    public let median: Double
    public let p75: Double
    public let p90: Double
    public let p99: Double
    public let max: Double
    public let mean: Double
    public let standardDeviation: Double
    /// Median absolute deviation from the median (unscaled).
    public let mad: Double
    /// Standard deviation ÷ mean.
    public let coefficientOfVariation: Double
    /// A 95% confidence interval of the median, from order statistics (no normality assumed).
    public let medianLow: Double
    public let medianHigh: Double
    /// Samples beyond Tukey's fences (1.5 × IQR past the quartiles): counted, never dropped.
    public let lowOutliers: Int
    public let highOutliers: Int

    public init(_ values: [Double]) {
        precondition(!values.isEmpty, "a summary needs at least one value")
        let sorted = values.sorted()
        count = sorted.count
        min = sorted[0]
        max = sorted[sorted.count - 1]
        p25 = Statistics.quantile(sorted, 0.25)
        median = Statistics.quantile(sorted, 0.5)
        p75 = Statistics.quantile(sorted, 0.75)
        p90 = Statistics.quantile(sorted, 0.90)
        p99 = Statistics.quantile(sorted, 0.99)
        let mean = sorted.reduce(0, +) / Double(count)
        self.mean = mean
        let variance = count > 1 ? sorted.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(count - 1) : 0
        standardDeviation = variance.squareRoot()
        coefficientOfVariation = mean == 0 ? 0 : standardDeviation / mean
        let median = self.median
        mad = Statistics.quantile(sorted.map { Swift.abs($0 - median) }.sorted(), 0.5)
        (medianLow, medianHigh) = Statistics.medianConfidenceInterval(sorted)
        let iqr = p75 - p25
        let lowFence = p25 - 1.5 * iqr
        let highFence = p75 + 1.5 * iqr
        lowOutliers = sorted.filter { $0 < lowFence }.count
        highOutliers = sorted.filter { $0 > highFence }.count
    }
}

public enum Statistics {
    /// The q-quantile of sorted values, interpolating linearly between order
    /// statistics (Hyndman & Fan type 7, the default of R and NumPy).
    public static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        guard sorted.count > 1 else { return sorted.first ?? .nan }
        let position = q * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = Swift.min(lower + 1, sorted.count - 1)
        let fraction = position - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
    }

    /// A distribution-free 95% interval of the median: the order statistics
    /// x(j) and x(k) with j, k = n/2 ∓ 1.96·√n/2 (binomial, normal approximation).
    /// Below 6 samples it is the whole range: too few to say more.
    public static func medianConfidenceInterval(_ sorted: [Double]) -> (Double, Double) {
        let n = sorted.count
        guard n >= 6 else { return (sorted.first ?? .nan, sorted.last ?? .nan) }
        let half = 1.96 * Double(n).squareRoot() / 2
        let j = Swift.max(1, Int((Double(n) / 2 - half).rounded(.down)))
        let k = Swift.min(n, Int((Double(n) / 2 + 1 + half).rounded(.up)))
        return (sorted[j - 1], sorted[k - 1])
    }

    /// The standard normal cumulative distribution.
    public static func normalCDF(_ z: Double) -> Double {
        0.5 * erfc(-z / 2.0.squareRoot())
    }

    /// The Mann–Whitney U test (Wilcoxon rank-sum), two-sided. Exact for small
    /// samples without ties; otherwise the normal approximation with a tie
    /// correction and a continuity correction.
    public static func mannWhitney(_ a: [Double], _ b: [Double]) -> (u: Double, p: Double) {
        let n1 = a.count
        let n2 = b.count
        guard n1 > 0, n2 > 0 else { return (0, 1) }
        let pooled = (a.map { ($0, 0) } + b.map { ($0, 1) }).sorted { $0.0 < $1.0 }
        var ranks = [Double](repeating: 0, count: pooled.count)
        var tieTerm = 0.0
        var index = 0
        while index < pooled.count {
            var end = index
            while end + 1 < pooled.count && pooled[end + 1].0 == pooled[index].0 { end += 1 }
            let rank = Double(index + end + 2) / 2
            for position in index...end { ranks[position] = rank }
            let ties = Double(end - index + 1)
            tieTerm += ties * ties * ties - ties
            index = end + 1
        }
        let rankSumA = zip(pooled, ranks).filter { $0.0.1 == 0 }.map(\.1).reduce(0, +)
        let u1 = rankSumA - Double(n1 * (n1 + 1)) / 2
        let u = Swift.min(u1, Double(n1 * n2) - u1)
        if tieTerm == 0 && n1 <= 20 && n2 <= 20 {
            return (u, exactMannWhitneyP(u: Int(u), n1: n1, n2: n2))
        }
        let mean = Double(n1 * n2) / 2
        let n = Double(n1 + n2)
        let variance = Double(n1 * n2) / 12 * ((n + 1) - tieTerm / (n * (n - 1)))
        guard variance > 0 else { return (u, 1) }
        let z = (Swift.abs(u - mean) - 0.5) / variance.squareRoot()
        return (u, Swift.min(1, 2 * (1 - normalCDF(Swift.max(0, z)))))
    }

    /// P(U ≤ u) × 2 under the null hypothesis, by counting rank arrangements.
    static func exactMannWhitneyP(u: Int, n1: Int, n2: Int) -> Double {
        // counts[i][j][s]: arrangements of i values from A and j from B with U = s.
        let maxU = n1 * n2
        var previous = [[Double]](repeating: [Double](repeating: 0, count: maxU + 1), count: n2 + 1)
        for j in 0...n2 { previous[j][0] = 1 }
        for _ in 1...n1 {
            var current = [[Double]](repeating: [Double](repeating: 0, count: maxU + 1), count: n2 + 1)
            current[0][0] = 1
            for j in 1...n2 {
                for s in 0...maxU {
                    // The largest value comes from A (adds j to U) or from B (adds nothing).
                    var total = current[j - 1][s]
                    if s >= j { total += previous[j][s - j] }
                    current[j][s] = total
                }
            }
            previous = current
        }
        let distribution = previous[n2]
        let total = distribution.reduce(0, +)
        let atMost = distribution.prefix(u + 1).reduce(0, +)
        return Swift.min(1, 2 * atMost / total)
    }

    /// A 95% bootstrap interval of median(a) ÷ median(b), from `resamples`
    /// resamples with a fixed seed so a report is reproducible.
    public static func ratioInterval(_ a: [Double], _ b: [Double], resamples: Int = 2000, seed: UInt64 = 7) -> (
        Double, Double
    ) {
        guard !a.isEmpty, !b.isEmpty else { return (.nan, .nan) }
        var random = SeededRandom(seed: seed)
        var ratios: [Double] = []
        ratios.reserveCapacity(resamples)
        // Two buffers filled and sorted in place each time (the same draws, in the same order, as
        // a new array per resample; a report made from a seed stays the same).
        var resampledA = a
        var resampledB = b
        for _ in 0..<resamples {
            for index in resampledA.indices { resampledA[index] = a[Int(random.next() % UInt64(a.count))] }
            for index in resampledB.indices { resampledB[index] = b[Int(random.next() % UInt64(b.count))] }
            resampledA.sort()
            resampledB.sort()
            let ma = quantile(resampledA, 0.5)
            let mb = quantile(resampledB, 0.5)
            if mb > 0 { ratios.append(ma / mb) }
        }
        ratios.sort()
        return (quantile(ratios, 0.025), quantile(ratios, 0.975))
    }

    /// Whether the sample looks like two clusters: some split of the sorted values,
    /// with at least a quarter of them on each side, leaves a gap wider than 20% of
    /// the median and wider than the spread inside both clusters together. On these
    /// shared machines that usually means the process ran at two speeds.
    public static func looksBimodal(_ values: [Double]) -> Bool {
        let sorted = values.sorted()
        guard sorted.count >= 12 else { return false }
        let median = quantile(sorted, 0.5)
        let minimumSide = Int((Double(sorted.count) * 0.25).rounded(.up))
        for split in minimumSide...(sorted.count - minimumSide) {
            let gap = sorted[split] - sorted[split - 1]
            guard gap > 0.2 * median else { continue }
            let low = Array(sorted[..<split])
            let high = Array(sorted[split...])
            let spread = (quantile(low, 0.9) - quantile(low, 0.1)) + (quantile(high, 0.9) - quantile(high, 0.1))
            if gap > spread { return true }
        }
        return false
    }
}
