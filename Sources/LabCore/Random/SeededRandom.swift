/// SplitMix64: a small, fast, well-distributed generator with a 64-bit seed.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// A generator for one named event, independent of the order events happen in.
    ///
    /// Why: concurrent calls reach a service in a different order each run. Drawing
    /// from one shared sequence would make results depend on scheduling; deriving a
    /// generator from (seed, event) makes "the 3rd call for Curiosity" the same every run.
    public init(seed: UInt64, event: String) {
        self.init(seed: seed ^ FNV1a.hash(event.utf8))
        _ = next()
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in [0, 1).
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }
}
