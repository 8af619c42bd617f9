/// Text that came from a program the lab does not trust (an answer's output, a crash message),
/// made inert before it reaches a terminal or a file a person opens: every control character
/// is shown as its Unicode picture (ESC as ␛, BEL as ␇), so `\u{1B}[2J` cannot clear a
/// teacher's screen nor `\u{1B}]0;…\u{7}` retitle it when a report is printed, and the
/// characters that reorder text on screen (bidirectional overrides) are shown as U+FFFD, so
/// a message cannot display as something other than what it says.
public enum InertText {
    /// One line: a newline or a tab is a control character here too.
    public static func line(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map(inert)))
    }

    /// Lines: newlines and tabs kept, every other control character made visible.
    public static func lines(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\n" || $0 == "\t" ? $0 : inert($0) }))
    }

    private static func inert(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x00...0x1F: Unicode.Scalar(0x2400 + scalar.value) ?? replacement  // ␀…␟
        case 0x7F: Unicode.Scalar(0x2421) ?? replacement  // ␡
        case 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: replacement
        default: scalar
        }
    }

    private static let replacement: Unicode.Scalar = "\u{FFFD}"
}
