import Testing

@testable import LabConsole
@testable import LabCore

/// An answer's output reaches a teacher's terminal and report files: an audit's
/// `fatalError("\u{1B}[2J…\u{1B}]0;owned\u{7}")` landed raw in `class-report.csv`.
@Suite("Untrusted text is made inert")
struct InertTextTests {
    @Test func controlCharactersAreShownAsTheirPictures() {
        expectEqual(InertText.line("a\u{1B}[2Jb\u{1B}]0;owned\u{7}"), "a␛[2Jb␛]0;owned␇")
        expectEqual(InertText.line("one\ntwo\tthree\r"), "one␊two␉three␍")
        expectEqual(InertText.line("\u{0}\u{7F}"), "␀␡")
    }

    @Test func linesKeepTheirNewlinesAndTabsOnly() {
        expectEqual(InertText.lines("one\ntwo\tthree\u{1B}[0m\r\n"), "one\ntwo\tthree␛[0m␍\n")
    }

    @Test func charactersThatReorderOrHideTextAreReplaced() {
        expectEqual(InertText.line("grade: \u{202E}deliaf\u{202C}"), "grade: \u{FFFD}deliaf\u{FFFD}")
        expectEqual(InertText.line("a\u{2066}b\u{200F}c\u{9B}"), "a\u{FFFD}b\u{FFFD}c\u{FFFD}")
    }

    @Test func everythingElseIsLeftAsItIs() {
        let text = "✔ Solved — café, 東京, 🙂 (0.5 s); \"quoted\" = 'yes'"
        expectEqual(InertText.line(text), text)
        expectEqual(InertText.lines(text), text)
    }
}
