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

    /// `text` (wrapped already, say) with the `lead` it starts with in the style: a title's
    /// name in bold before the words wrapped after it.
    public func paint(leading lead: String, of text: String, _ style: Style) -> String {
        guard text.hasPrefix(lead) else { return text }
        return paint(lead, style) + text.dropFirst(lead.count)
    }
}

extension String {
    /// Pads with spaces to `width` visible columns (never truncates).
    public func padded(to width: Int, alignRight: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - visibleWidth))
        return alignRight ? padding + self : self + padding
    }
}
