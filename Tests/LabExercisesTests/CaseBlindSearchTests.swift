import Foundation
import Testing

@testable import LabSourceScan

/// The scanner's case-blind search answers as `lowercased().contains(…)` with Foundation's search
/// did, for ASCII (compared byte by byte) and for every other text (still Foundation's).
@Suite("Case-blind search: Foundation's answer, ASCII or not")
struct CaseBlindSearchTests {
    /// What the scanner asked before, word for word.
    func foundations(_ needle: String, in haystack: String) -> Bool {
        haystack.lowercased().contains(needle.lowercased())
    }

    @Test func chosenCasesAnswerAsFoundationDid() {
        let cases: [(String, String)] = [
            ("unsafe", "withUnsafeBytes"), ("UNSAFE", "withunsafebytes"), ("Unsafe", "safe"), ("", "abc"),
            ("", ""), ("abc", ""), ("abc", "abc"), ("abcd", "abc"), ("sleep", "usleep"), ("_", "a_b"),
            // Past ASCII: composed and decomposed letters, a capital whose small form is two
            // scalars, a letter with no small form of its own, an emoji.
            ("cafe", "cafe\u{301}"), ("café", "CAFÉ"), ("cafe\u{301}", "café"), ("e", "e\u{301}"),
            ("i", "İstanbul"), ("i\u{307}", "İ"), ("ss", "Straße"), ("ß", "STRASSE"), ("a", "🙂a"),
            ("🙂", "x🙂y"), ("Ä", "bär"),
        ]
        for (needle, haystack) in cases {
            expectEqual(
                CaseBlindSearch.contains(needle, in: haystack), foundations(needle, in: haystack),
                "'\(needle)' in '\(haystack)'")
        }
    }

    @Test func randomTextsAnswerAsFoundationDid() {
        var generator = SystemRandomNumberGenerator()
        // Letters of both cases, a digit, an underscore, and now and then a letter past ASCII.
        let letters: [Character] = Array("aAbBzZ_0") + ["é", "e\u{301}", "İ", "ß"]
        func text(_ length: Int, wide: Bool) -> String {
            String((0..<length).map { _ in letters[Int.random(in: 0..<(wide ? letters.count : 8), using: &generator)] })
        }
        for round in 0..<600 {
            let wide = round % 3 == 0
            let haystack = text(Int.random(in: 0...12, using: &generator), wide: wide)
            let needle = text(Int.random(in: 0...3, using: &generator), wide: wide)
            expectEqual(
                CaseBlindSearch.contains(needle, in: haystack), foundations(needle, in: haystack),
                "'\(needle)' in '\(haystack)'")
        }
    }
}
