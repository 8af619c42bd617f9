/// A text style as ANSI SGR codes. Applied only when the terminal uses colour.
public struct Style: Sendable, Equatable {
    public let codes: [Int]
    public init(_ codes: Int...) { self.codes = codes }
    init(codes: [Int]) { self.codes = codes }

    public static let plain = Style(codes: [])
    public static let bold = Style(1)
    public static let dim = Style(2)
    public static let underline = Style(4)
    public static let red = Style(31)
    public static let green = Style(32)
    public static let yellow = Style(33)
    public static let blue = Style(34)
    public static let magenta = Style(35)
    public static let cyan = Style(36)
    public static let gray = Style(90)

    public static func + (lhs: Style, rhs: Style) -> Style { Style(codes: lhs.codes + rhs.codes) }
}

extension Terminal {
    /// `text` wrapped in the style's escape codes, or unchanged without colour.
    public func paint(_ text: String, _ style: Style) -> String {
        guard usesColor, !style.codes.isEmpty, !text.isEmpty else { return text }
        let codes = style.codes.map(String.init).joined(separator: ";")
        return "\u{1B}[\(codes)m\(text)\u{1B}[0m"
    }
}

extension String {
    /// The number of terminal columns the string takes, ignoring ANSI escape codes: what a
    /// terminal gives each scalar (`Unicode.Scalar.columns`).
    public var visibleWidth: Int {
        var width = 0
        var inEscape = false
        for scalar in unicodeScalars {
            if inEscape {
                if scalar == "m" { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                width += scalar.columns
            }
        }
        return width
    }

    /// Pads with spaces to `width` visible columns (never truncates).
    public func padded(to width: Int, alignRight: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - visibleWidth))
        return alignRight ? padding + self : self + padding
    }
}

extension Unicode.Scalar {
    /// The columns a terminal gives this scalar, as `wcwidth` does: none for a mark drawn on the one
    /// before it, a formatting character (a zero-width space, a joiner) or a control; two for East
    /// Asian wide and full-width characters (CJK ideographs, kana, Hangul syllables, full-width
    /// forms) and emoji drawn as pictures; one for the rest. A table of product names in Japanese
    /// or with "🥛" in it lines up its next column so.
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
