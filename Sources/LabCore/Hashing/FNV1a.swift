/// The 64-bit FNV-1a hash: a few lines, the same on every machine and in every process (Swift's
/// `Hasher` is seeded afresh in each), for names and seeds that must not change between runs. Not
/// a cryptographic digest: whoever relies on it for equality compares the bytes as well.
public struct FNV1a: Sendable {
    public private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    public init() {}

    public mutating func combine<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
    }

    public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hasher = FNV1a()
        hasher.combine(bytes)
        return hasher.value
    }
}
