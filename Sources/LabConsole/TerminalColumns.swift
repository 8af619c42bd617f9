/// How many columns of a terminal a text takes: what tables pad to and text wraps at. A terminal
/// draws each grapheme (what a reader sees as one character) in one column, two for East Asian wide
/// and full-width characters and for emoji drawn as pictures, none for a mark drawn on the one
/// before it or a formatting character. A table of product names in Japanese, or with "🥛" in it,
/// lines up its next column so.
extension String {
    /// The columns the string takes, ignoring ANSI escape codes (`ESC [ … m`).
    public var visibleWidth: Int {
        // Most text is ASCII: one column a byte, read without breaking it into graphemes (which
        // costs about a microsecond a character in a debug build, fourteen times the bytes' walk).
        if let ascii = asciiWidth { return ascii }
        var width = 0
        var inEscape = false
        // By grapheme: an escape character is one of its own (a control), and so is each of its codes.
        for character in self {
            if inEscape {
                if character == "m" { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                width += character.columns
            }
        }
        return width
    }

    /// The columns of text that is all ASCII, escape codes left out; nil where any byte is not.
    private var asciiWidth: Int? {
        var width = 0
        var inEscape = false
        for byte in utf8 {
            guard byte < 0x80 else { return nil }
            if inEscape {
                if byte == UInt8(ascii: "m") { inEscape = false }
            } else if byte == 0x1B {
                inEscape = true
            } else if byte >= 0x20 && byte != 0x7F {
                width += 1
            }
        }
        return width
    }
}

extension Character {
    /// The columns a terminal gives this grapheme: two for a picture (an emoji drawn as one, a
    /// character asked to be one with U+FE0F, a joined emoji, a flag), else the widest of its scalars
    /// (`Unicode.Scalar.columns`: "é" written as e and an accent is one).
    public var columns: Int {
        let scalars = unicodeScalars
        let picture =
            scalars.contains { $0.properties.isEmojiPresentation }
            || (scalars.contains("\u{FE0F}") && scalars.first?.properties.isEmoji == true)
        if picture { return 2 }
        return scalars.map(\.columns).max() ?? 0
    }
}

extension Unicode.Scalar {
    /// The columns a terminal gives this scalar alone, as `wcwidth` does: none for a mark drawn on
    /// the one before it, a formatting character (a zero-width space, a joiner) or a control; two
    /// for East Asian wide and full-width characters (CJK ideographs, kana, Hangul syllables,
    /// full-width forms) and emoji drawn as pictures; one for the rest.
    public var columns: Int {
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if properties.isEmojiPresentation || Self.wideRanges.contains(where: { $0.contains(value) }) { return 2 }
        return 1
    }

    /// Unicode's East Asian Wide and Fullwidth blocks (UAX #11), as terminals draw them.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD,
    ]
}
