import Foundation
import Testing

@testable import LabCore

/// The kept compiles' file names are FNV-1a hashes of their keys: the same hash on every machine,
/// whichever way the bytes come (in one piece of memory, read eight at a time, or one by one).
@Suite("FNV-1a: the published hash, the same for bytes in one piece and bytes one by one")
struct FNV1aTests {
    @Test func theHashIsThePublishedOne() {
        // The 64-bit FNV-1a test vectors of the algorithm's authors.
        expectEqual(FNV1a.hash([UInt8]()), 0xCBF2_9CE4_8422_2325)
        expectEqual(FNV1a.hash(Array("a".utf8)), 0xAF63_DC4C_8601_EC8C)
        expectEqual(FNV1a.hash(Array("foobar".utf8)), 0x8594_4171_F739_67E8)
    }

    @Test func bytesInOnePieceHashAsBytesOneByOne() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...41 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            // A lazy map has no memory of its own: it is hashed byte by byte.
            let oneByOne = FNV1a.hash(bytes.lazy.map { $0 })
            expectEqual(FNV1a.hash(bytes), oneByOne, "\(length) bytes as an array")
            expectEqual(FNV1a.hash(Data(bytes)), oneByOne, "\(length) bytes as Data")
            // In two pieces, split anywhere: the hash runs on from where the first left it.
            let cut = length / 3
            var inTwo = FNV1a()
            inTwo.combine(bytes[..<cut])
            inTwo.combine(bytes[cut...])
            expectEqual(inTwo.value, oneByOne, "\(length) bytes in two pieces at \(cut)")
        }
    }
}
