import LabCore
import LabTrace

/// A piece of text a timeline draws, with the box it takes: computed when the layout is made,
/// so the generator (and a test) can tell that no two labels overlap before a browser draws them.
public struct TimelineText: Sendable, Equatable {
    public enum Role: String, Sendable {
        case laneTitle = "lane-title"
        case tick
        case barLetter = "bar-letter"
        case outcome
    }

    public let text: String
    public let role: Role
    /// The box's left edge and top, in the SVG's units.
    public let x: Double
    public let y: Double
    public let width: Double
    public let height: Double

    /// Labels are drawn in a monospaced font, so a text's width is known without a browser:
    /// 0.6 em per character in DejaVu Sans Mono, Menlo and Consolas alike; 0.64 leaves a margin.
    static let characterWidth = 0.64
    /// A mark (⊘, ✗) is drawn in the sans-serif font, about 0.8 em wide; 1 em leaves a margin.
    static let glyphWidth = 1.0

    init(_ text: String, role: Role, x: Double, centreY: Double, fontSize: Double) {
        self.text = text
        self.role = role
        self.x = x
        self.width = Self.width(of: text, role: role, fontSize: fontSize)
        self.height = fontSize * 1.2
        self.y = centreY - height / 2
    }

    static func width(of text: String, role: Role, fontSize: Double) -> Double {
        Double(text.count) * fontSize * (role == .outcome ? glyphWidth : characterWidth)
    }

    public func overlaps(_ other: TimelineText) -> Bool {
        x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
    }

    /// The text cut to fit `width` at `fontSize`, with an ellipsis when cut.
    static func fitted(_ text: String, width: Double, fontSize: Double) -> String {
        let fits = Int(width / (fontSize * characterWidth))
        guard text.count > fits else { return text }
        guard fits > 1 else { return "" }
        return String(text.prefix(fits - 1)) + "…"
    }
}
