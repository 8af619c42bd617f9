import Foundation

extension Duration {
    /// The duration as a floating-point number of seconds.
    public var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) * 1e-18
    }

    /// The duration as milliseconds.
    public var milliseconds: Double { seconds * 1e3 }

    /// A short human reading with a unit that fits: "812 ns", "3.4 µs", "250 ms", "1.25 s".
    public var humanReadable: String { seconds.formattedAsDuration }
}

extension Double {
    /// Below a picosecond per operation nothing was timed: a harness's fixed
    /// cost spread over a billion empty iterations. Reports print such times as
    /// "< 0.001 ns" and comparisons do not count changes in them.
    public static let untimeableSeconds = 1e-12

    /// Seconds written with a unit that fits: "812 ns", "3.4 µs", "250 ms", "1.25 s".
    public var formattedAsDuration: String {
        let magnitude = Swift.abs(self)
        switch magnitude {
        case 0: return "0 s"
        case ..<Double.untimeableSeconds: return self < 0 ? "> −0.001 ns" : "< 0.001 ns"
        case ..<1e-6: return "\((self * 1e9).formatted(significantDigits: 3)) ns"
        case ..<1e-3: return "\((self * 1e6).formatted(significantDigits: 3)) µs"
        case ..<1: return "\((self * 1e3).formatted(significantDigits: 3)) ms"
        default: return "\(self.formatted(significantDigits: 3)) s"
        }
    }

    /// The value as `formattedAsDuration` prints it (three significant digits), so a ratio of
    /// two printed figures comes out as a reader dividing them would get it.
    public var roundedAsPrinted: Double {
        guard isFinite, self != 0 else { return self }
        let scale = Foundation.pow(10, Double(3 - Int(Foundation.floor(Foundation.log10(Swift.abs(self)))) - 1))
        return (self * scale).rounded() / scale
    }

    /// A ratio as figures print it, "3.92×": sentences use it too, so a sentence and the
    /// figure beside it read the same.
    public var formattedAsRatio: String { "\(formatted(significantDigits: 3))×" }

    /// The number with about `digits` significant digits and no trailing zeros.
    public func formatted(significantDigits digits: Int) -> String {
        guard isFinite else { return "\(self)" }
        if self == 0 { return "0" }
        let integerDigits = Int(Foundation.floor(Foundation.log10(Swift.abs(self)))) + 1
        let decimals = Swift.max(0, digits - integerDigits)
        var text = String(format: "%.\(decimals)f", self)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }
}
