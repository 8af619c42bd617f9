import Foundation
import LabCore

/// Turns raw samples into a suite's result: statistics, ratios, significance,
/// efficiency against the ideal, and one sentence of conclusion.
public enum Analysis {
    public static func analyze(
        _ suite: BenchmarkSuite, samples: [String: [Sample]], timelines: [SuiteResult.Timeline] = []
    ) -> SuiteResult {
        let referenceTimes = (samples[suite.reference] ?? []).map(\.secondsPerOperation)
        let referenceMedian = Statistics.quantile(referenceTimes.sorted(), 0.5)
        let variants = suite.variants.compactMap { variant -> VariantResult? in
            guard let taken = samples[variant.name], !taken.isEmpty else { return nil }
            let times = taken.map(\.secondsPerOperation)
            let summary = Summary(times)
            let (low, high) = variant.name == suite.reference ? (1, 1) : Statistics.ratioInterval(times, referenceTimes)
            let p = variant.name == suite.reference ? 1 : Statistics.mannWhitney(times, referenceTimes).p
            let processes = Set(taken.compactMap(\.process)).sorted()
            let processMedians: [Double]? =
                processes.count > 1
                ? processes.map { process in
                    Statistics.quantile(taken.filter { $0.process == process }.map(\.secondsPerOperation).sorted(), 0.5)
                } : nil
            // Each figure's median over the samples that have it, in the order first seen.
            var figures: [Figure] = []
            for figure in taken.flatMap(\.figures) where !figures.contains(where: { $0.name == figure.name }) {
                let values = taken.compactMap { $0.figures.first { $0.name == figure.name }?.value }
                figures.append(figure.with(value: Statistics.quantile(values.sorted(), 0.5)))
            }
            return VariantResult(
                name: variant.name, samples: taken, summary: summary,
                ratio: summary.median / referenceMedian, ratioLow: low, ratioHigh: high, pValue: p,
                efficiency: suite.ideal.map { $0.seconds / summary.median },
                medianParallelism: Statistics.quantile(taken.map(\.parallelism).sorted(), 0.5),
                medianContextSwitches: Statistics.quantile(
                    taken.map { Double($0.voluntarySwitches + $0.involuntarySwitches) }.sorted(), 0.5),
                peakMemoryBytes: taken.map(\.peakMemoryBytes).max() ?? 0,
                maxThreads: taken.compactMap(\.threads).max(),
                figures: figures, bimodal: Statistics.looksBimodal(times), processMedians: processMedians,
                allocationsPerOperation: AllocationRates.median(of: taken),
                hopsPerOperation: HopCounter.median(taken.compactMap(\.hopsPerOperation)),
                enqueuesPerOperation: HopCounter.median(taken.compactMap(\.enqueuesPerOperation)),
                retainsPerOperation: RetainRates.median(of: taken))
        }
        return SuiteResult(
            name: suite.name, kind: suite.kind, summary: suite.summary, reference: suite.reference,
            ideal: suite.ideal, variants: variants,
            conclusion: conclusion(suite, variants), timelines: timelines)
    }

    /// The verdict (see `Verdict`), then the suite's own figures, allocations and warnings.
    static func conclusion(_ suite: BenchmarkSuite, _ variants: [VariantResult]) -> String {
        guard !variants.isEmpty else { return "No samples." }
        var sentence = Verdict.sentence(reference: suite.reference, variants: variants)
        func figures(_ name: String) -> String {
            variants.compactMap { variant in variant.figure(name).map { "\(variant.name) \($0.formattedValue)" } }
                .joined(separator: ", ")
        }
        var names = SuiteResult.figureNames(variants)
        if let headline = suite.headline, names.contains(headline) {
            // The suite's point comes first; the time follows as context.
            let better = variants.lazy.compactMap { $0.figure(headline)?.better }.first
            sentence =
                "\(headline.prefix(1).uppercased() + headline.dropFirst()) (median\(better.map { "; \($0.rawValue) is better" } ?? "")): \(figures(headline)). Time: "
                + sentence
            names.removeAll { $0 == headline }
        }
        for name in names {
            sentence += " Median \(name): \(figures(name))."
        }
        // Allocations, where the variants differ by half a malloc per operation and a tenth or
        // more: often the reason behind the times (and exact where the times are noisy).
        let rates = variants.compactMap { variant in variant.allocationsPerOperation.map { (variant.name, $0.mallocs) }
        }
        if rates.count > 1, let most = rates.map(\.1).max(), let least = rates.map(\.1).min(),
            most - least >= max(0.5, 0.1 * most)
        {
            sentence +=
                " Mallocs per " + (suite.kind == .primitive ? "operation" : "run") + ": "
                + rates.map { "\($0.0) \(FigureWords.perOperation($0.1))" }.joined(separator: ", ") + "."
        }
        // Executor switches, where the variants differ by one per operation or more: a hop is
        // often what one way pays and another does not (counted, see HopCounter).
        let hops = variants.compactMap { variant in variant.hopsPerOperation.map { (variant.name, $0) } }
        if hops.count > 1, let most = hops.map(\.1).max(), let least = hops.map(\.1).min(), most - least >= 1 {
            sentence +=
                " Executor switches per " + (suite.kind == .primitive ? "operation" : "run") + ": "
                + hops.map { "\($0.0) \(FigureWords.perOperation($0.1))" }.joined(separator: ", ") + "."
        }
        // Retains, where the variants differ by one per operation or more: reference counting
        // is often what a copy, a closure or an existential costs (counted, see RetainCounter).
        let retains = variants.compactMap { variant in variant.retainsPerOperation.map { (variant.name, $0.retains) } }
        if retains.count > 1, let most = retains.map(\.1).max(), let least = retains.map(\.1).min(), most - least >= 1 {
            sentence +=
                " Retains per " + (suite.kind == .primitive ? "operation" : "run") + ": "
                + retains.map { "\($0.0) \(FigureWords.perOperation($0.1))" }.joined(separator: ", ") + "."
        }
        let unsteady = variants.filter { ($0.processSpread ?? 0) > 0.1 }
        if !unsteady.isEmpty {
            let worst = unsteady.max { ($0.processSpread ?? 0) < ($1.processSpread ?? 0) }!
            sentence +=
                " Between worker processes, the medians of \(unsteady.map(\.name).joined(separator: ", ")) differed by up to \(Int(((worst.processSpread ?? 0) * 100).rounded()))%: the machine's speed moved between the processes (see the steadiness line at the top); read them as a range."
        }
        let bimodal = variants.filter(\.bimodal).map(\.name)
        if !bimodal.isEmpty {
            sentence +=
                " Samples of \(bimodal.joined(separator: ", ")) fall in two clusters: the machine probably changed speed during the run; compare medians across several runs."
        }
        return sentence
    }
}
