import Testing

@testable import LabSourceScan

/// The scan tries a pattern only at its candidates (`SourceScanner.Prepared.candidates`): the
/// places its first token's text could stand, found once for each text a file holds rather than
/// at each token. A candidate left out would be a forbidden thing let through, so here every
/// pattern the lab has is tried at every token of code written to meet them, in both streams
/// (as written with aliases resolved, and with type spellings reduced).
@Suite("The scan tries each pattern wherever it could match")
struct ScanCandidatesTests {
    static let code = #"""
        import Foundation
        typealias Raw = UnsafeMutableRawPointer
        let path = "/proc/self/status"
        let nested = "a \("/dev/null") b \(#"file:///tmp"#)"
        var _storage = 0
        struct Box { var _count = 0; mutating func add() { self._count += 1 } }
        func read(pointer: Raw) {
            withUnsafeBytes(of: 1) { _ in }
            _ = unsafeBitCast(1, to: Int.self)
            let unsafeCopy: UnsafePointer<Int>? = nil
            _ = unsafeCopy
        }
        let queue = DispatchQueue(label: "q")
        let group = DispatchGroup()
        let makesSomethingUnsafeLooking = 1
        nonisolated(unsafe) var shared = 0
        """#

    static let patterns =
        ForbiddenPattern.standard + ForbiddenPattern.blocking + ForbiddenPattern.timers
        + ForbiddenPattern.ownExecutors

    @Test func everyPlaceAPatternMatchesIsACandidate() {
        let code = SourceScanner.Prepared(Self.code)
        var matched = 0
        for pattern in Self.patterns {
            for stream in code.streams.indices {
                let candidates = code.candidates(pattern.shape, in: stream)
                expectEqual(candidates, candidates.sorted(), "\(pattern.text): candidates out of order")
                let tried = Set(candidates)
                for index in code.streams[stream].indices
                where SourceScanner.matchLength(
                    pattern.shape, at: index, in: code.streams[stream], ownFunctions: code.ownFunctions,
                    ownMembers: code.ownMembers) != nil
                {
                    matched += 1
                    expect(
                        tried.contains(index),
                        "\(pattern.text) matches `\(code.streams[stream][index].text)` (stream \(stream), token \(index)) but was not tried there"
                    )
                }
            }
        }
        // The code meets globs, a name's part, underscored names and paths in strings.
        expectAtLeast(matched, 12)
    }

    @Test func aGlobIsAPrefixAndASuffixAroundOneStar() {
        expect(SourceScanner.glob("Unsafe*", matches: "UnsafeMutablePointer"))
        expect(SourceScanner.glob("Unsafe*Pointer", matches: "UnsafeMutableRawPointer"))
        expect(SourceScanner.glob("Unsafe*Pointer", matches: "UnsafePointer"))
        expect(!SourceScanner.glob("Unsafe*Pointer", matches: "UnsafePointe"), "prefix and suffix may not overlap")
        expect(!SourceScanner.glob("Unsafe*", matches: "unsafeBitCast"))
        expect(SourceScanner.glob("_*", matches: "_"))
        expect(SourceScanner.glob("*", matches: ""))
        // Not one star: the word itself.
        expect(SourceScanner.glob("*Unsafe*", matches: "*Unsafe*"))
        expect(!SourceScanner.glob("*Unsafe*", matches: "MyUnsafeThing"))
        expect(SourceScanner.glob("Unsafe", matches: "Unsafe"))
        expect(!SourceScanner.glob("Unsafe", matches: "UnsafeX"))
    }
}
