import LabConsole
import LabCore

/// The pages' own uses of `HTMLText`: narration as a paragraph, numbers as SVG attributes.
extension HTMLText {
    /// Terminal styling removed: narration is recorded as said, which may carry ANSI escapes.
    static func plain(_ text: String) -> String {
        text.replacing(/\u{1B}\[[0-9;]*m/, with: "")
    }

    /// Prose for a paragraph: escaped, without terminal styling, with `code` in backticks set as
    /// code and *a word* between asterisks as emphasis, as the narration writes them (the pages
    /// showed the asterisks).
    static func prose(_ text: String) -> String {
        escape(plain(text)).replacing(/`([^`]+)`/) { "<code>\($0.1)</code>" }
            .replacing(/(^|[\s(])\*([^*\s][^*]*?)\*(?=[\s.,;:!?)]|$)/) { "\($0.1)<em>\($0.2)</em>" }
    }

    /// A number for an SVG attribute: at most two decimals, no exponent.
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
