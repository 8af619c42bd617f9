/// A suite's workload measured at several sizes: a parameter ("tasks", "K") and the values
/// to try, the suite built at each value, and the ideal at each value. `lab bench --scan`
/// measures every value's suite in one interleaved schedule and draws the curve.
public struct Scan: Sendable {
    /// The shape of the ideal curve: what the conclusion compares the curve with.
    public enum Bound: String, Sendable, Codable {
        /// Fixed total work over `value` tasks, at most the executor width at once:
        /// total ÷ min(width, value). The curve should flatten at the width.
        case width
        /// A fixed serial part plus a parallel part over min(width, value) (Amdahl's law).
        case amdahl
        /// Waits that overlap: the rounds needed, ⌈work ÷ value⌉, each one latency plus what
        /// its requests cost without the wait.
        case latency
    }

    public let parameter: String
    public let defaults: [Int]
    public let bound: Bound?
    /// The suite at one value: its variants are the curves; its `ideal`, the ideal point.
    public let suite: @Sendable (_ value: Int, _ executorWidth: Int) async -> BenchmarkSuite

    public init(
        parameter: String, defaults: [Int], bound: Bound? = nil,
        suite: @escaping @Sendable (_ value: Int, _ executorWidth: Int) async -> BenchmarkSuite
    ) {
        precondition(!defaults.isEmpty, "a scan needs values")
        self.parameter = parameter
        self.defaults = defaults
        self.bound = bound
        self.suite = suite
    }
}

/// A scan's results: for each variant, its median and interval at each value, with the ideal.
public struct ScanResult: Sendable, Codable {
    public struct Point: Sendable, Codable, Equatable {
        public let value: Int
        public let median: Double
        public let low: Double
        public let high: Double
        public let allocationsPerOperation: AllocationRates?
    }

    public struct Series: Sendable, Codable {
        public let variant: String
        public let points: [Point]
    }

    public struct IdealPoint: Sendable, Codable, Equatable {
        public let value: Int
        public let seconds: Double
    }

    public let suite: String
    /// Primitive points are times per operation; pattern points, per run.
    public let kind: BenchmarkSuite.Kind
    public let parameter: String
    public let values: [Int]
    public let bound: Scan.Bound?
    public let series: [Series]
    public let ideal: [IdealPoint]
    public let idealReason: String?
    public let executorWidth: Int
    public let conclusion: String

    /// The ideal at one value of the parameter, if the suite has one.
    public func ideal(at value: Int) -> Double? { ideal.first { $0.value == value }?.seconds }
}
