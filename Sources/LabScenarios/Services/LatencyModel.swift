import Foundation
import LabCore

/// How long a simulated call takes, in source seconds (the lesson's clock scales them).
public enum LatencyModel: Sendable, Equatable, CustomStringConvertible {
    /// Always the same.
    case fixed(Double)
    /// Uniform in `base ± spread`.
    case jitter(base: Double, spread: Double)
    /// Log-normal around `median`: most calls near it, a long tail of slow ones,
    /// as network latencies are. `sigma` is the spread of the logarithm.
    case logNormal(median: Double, sigma: Double)

    public func sample(using random: inout SeededRandom) -> Double {
        switch self {
        case .fixed(let seconds):
            return seconds
        case .jitter(let base, let spread):
            return max(0, base + (random.nextUnit() * 2 - 1) * spread)
        case .logNormal(let median, let sigma):
            // Box–Muller for a standard normal value.
            let u1 = max(random.nextUnit(), .leastNonzeroMagnitude)
            let u2 = random.nextUnit()
            let normal = (-2 * Foundation.log(u1)).squareRoot() * Foundation.cos(2 * .pi * u2)
            return median * Foundation.exp(sigma * normal)
        }
    }

    public var description: String {
        switch self {
        case .fixed(let seconds): "\(seconds) s"
        case .jitter(let base, let spread): "\(base) ± \(spread) s"
        case .logNormal(let median, let sigma): "log-normal, median \(median) s, σ \(sigma)"
        }
    }
}
