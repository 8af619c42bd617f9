import Foundation

/// Whether one text holds another, letter case aside: `haystack.lowercased().contains(needle.lowercased())`
/// with Foundation's `contains`, which is what the scanner's `nameContaining` and `stringContaining`
/// patterns ask of every identifier and string of an answer. Foundation's search goes through an
/// `NSString` each time, and was about 6% of the lab's own CPU per answer graded (`perf`,
/// docs/MEASUREMENTS.md, session 66). Where both texts are ASCII (every pattern, nearly every
/// token) the bytes are compared here instead, the same answer: ASCII has no letters that
/// combine or compose, so Foundation's search, which matches whole characters and treats
/// canonically equivalent ones as equal, finds exactly the byte matches. Any other text takes
/// Foundation's path, as before; so does an empty needle, which Foundation never finds.
enum CaseBlindSearch {
    static func contains(_ needle: String, in haystack: String) -> Bool {
        var needle = needle
        var haystack = haystack
        let inASCII = needle.withUTF8 { needle in
            haystack.withUTF8 { haystack in Self.asciiContains(needle, in: haystack) }
        }
        return inASCII ?? haystack.lowercased().contains(needle.lowercased())
    }

    /// Whether `haystack` holds `needle`, ASCII letters compared in lower case; nil where either
    /// holds a byte past ASCII, or the needle is empty.
    private static func asciiContains(
        _ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>
    ) -> Bool? {
        guard !needle.isEmpty, isASCII(needle), isASCII(haystack) else { return nil }
        guard needle.count <= haystack.count else { return false }
        var start = 0
        while start + needle.count <= haystack.count {
            var matched = 0
            while matched < needle.count, lower(haystack[start + matched]) == lower(needle[matched]) { matched += 1 }
            if matched == needle.count { return true }
            start += 1
        }
        return false
    }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            if bytes[index] >= 0x80 { return false }
            index += 1
        }
        return true
    }

    /// An ASCII capital as its small letter (what `lowercased()` makes of it); any other byte as it is.
    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }
}
