/// The 64-bit FNV-1a hash: a few lines, the same on every machine and in every process (Swift's
/// `Hasher` is seeded afresh in each), for names and seeds that must not change between runs. Not
/// a cryptographic digest: whoever relies on it for equality compares the bytes as well.
public struct FNV1a: Sendable {
    public private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    public init() {}

    public mutating func combine<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        // Bytes in one piece of memory (an array, `Data`) are read eight at a time: the grader hashes
        // each kept compile's key (the check's sources and the answer's module, tens of kilobytes)
        // for every answer, and in the debug build the lab runs in CI a generic step per byte made
        // hashing a few percent of its own CPU (docs/MEASUREMENTS.md, session 66). The same hash.
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            combine(UnsafeRawBufferPointer(buffer))
        }
        if done != nil { return }
        for byte in bytes { combine(byte) }
    }

    private mutating func combine(_ byte: UInt8) {
        value ^= UInt64(byte)
        value = value &* 0x0000_0100_0000_01B3
    }

    private mutating func combine(_ buffer: UnsafeRawBufferPointer) {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var hash = value
        var offset = 0
        while offset + 8 <= buffer.count {
            // Little-endian order is the bytes' own order, on every machine. The eight steps written
            // out: the integer operators are inlined even in a debug build, a loop or a call is not.
            let word = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            hash = (hash ^ (word & 0xFF)) &* prime
            hash = (hash ^ (word >> 8 & 0xFF)) &* prime
            hash = (hash ^ (word >> 16 & 0xFF)) &* prime
            hash = (hash ^ (word >> 24 & 0xFF)) &* prime
            hash = (hash ^ (word >> 32 & 0xFF)) &* prime
            hash = (hash ^ (word >> 40 & 0xFF)) &* prime
            hash = (hash ^ (word >> 48 & 0xFF)) &* prime
            hash = (hash ^ (word >> 56)) &* prime
            offset += 8
        }
        value = hash
        while offset < buffer.count {
            combine(buffer[offset])
            offset += 1
        }
    }

    public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hasher = FNV1a()
        hasher.combine(bytes)
        return hasher.value
    }
}
