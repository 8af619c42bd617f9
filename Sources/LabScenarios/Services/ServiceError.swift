import LabCore

/// The errors a simulated backend can be told to fail with.
public enum ServiceError: Error, Sendable, Equatable, CustomStringConvertible {
    case unavailable
    case timedOut
    case notFound(String)
    case rateLimited
    case badResponse(String)

    public var description: String {
        switch self {
        case .unavailable: "service unavailable"
        case .timedOut: "request timed out"
        case .notFound(let what): "not found: \(what)"
        case .rateLimited: "rate limited"
        case .badResponse(let reason): "bad response: \(reason)"
        }
    }
}

/// Which calls fail, and how: a rate in [0, 1], optionally only for some requests.
public struct FailureInjection: Sendable {
    public var rate: Double
    public var error: ServiceError
    /// When set, only requests whose key contains this text can fail (e.g. "Spirit").
    public var onlyMatching: String?

    /// When set, a failing call fails after this many source seconds instead of its
    /// sampled latency: servers often answer an error faster than a result.
    public var failsAfter: Double?

    public init(
        rate: Double, error: ServiceError = .unavailable, onlyMatching: String? = nil, failsAfter: Double? = nil
    ) {
        self.rate = rate
        self.error = error
        self.onlyMatching = onlyMatching
        self.failsAfter = failsAfter
    }

    public static let none = FailureInjection(rate: 0)
}

/// How a simulated service behaves: latency, failures, seed, and the time scale.
public struct ServiceBehavior: Sendable {
    public var latency: LatencyModel
    public var failures: FailureInjection
    public var seed: UInt64
    public var scale: TimeScale

    public init(
        latency: LatencyModel = .jitter(base: 2, spread: 0.5),
        failures: FailureInjection = .none,
        seed: UInt64 = 42,
        scale: TimeScale = .lessonDefault
    ) {
        self.latency = latency
        self.failures = failures
        self.seed = seed
        self.scale = scale
    }
}
