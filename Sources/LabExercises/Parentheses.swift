/// Reading back over a parenthesized group: the scans that judge what comes before a
/// declaration or an arrow (`KeptState`, `ReferencesHandedOver`) step over an attribute's
/// arguments, a modifier's (`private(set)`) or a parameter clause this way.
enum Parentheses {
    /// The index of the `(` that the `)` at `close` closes, or -1 when none does.
    static func opening(closedAt close: Int, in tokens: [SwiftTokenizer.Token]) -> Int {
        var depth = 0
        var position = close
        while position >= 0 {
            if tokens[position].text == ")" { depth += 1 }
            if tokens[position].text == "(" { depth -= 1 }
            if depth == 0 { return position }
            position -= 1
        }
        return -1
    }
}
