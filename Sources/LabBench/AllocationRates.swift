import LabCore

/// Allocations per operation: for a sample, its counts ÷ its iterations; for a variant, the
/// median of its samples' rates, field by field. Counts do not depend on the machine's
/// speed, so two runs agree to within the odd allocation another thread made meanwhile.
public struct AllocationRates: Sendable, Codable, Equatable {
    public var mallocs: Double
    public var frees: Double
    public var bytes: Double

    public init(mallocs: Double, frees: Double, bytes: Double) {
        self.mallocs = mallocs
        self.frees = frees
        self.bytes = bytes
    }

    /// The median of each field over the samples that counted allocations; nil when none did.
    public static func median(of samples: [Sample]) -> AllocationRates? {
        let rates = samples.compactMap(\.allocationsPerOperation)
        guard !rates.isEmpty else { return nil }
        func median(_ field: KeyPath<AllocationRates, Double>) -> Double {
            Statistics.quantile(rates.map { $0[keyPath: field] }.sorted(), 0.5)
        }
        return AllocationRates(mallocs: median(\.mallocs), frees: median(\.frees), bytes: median(\.bytes))
    }
}
