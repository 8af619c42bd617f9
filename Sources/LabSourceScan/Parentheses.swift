/// Stepping over a parenthesized group: the scans that judge what comes before a declaration or
/// an arrow (`KeptState`, `ReferencesHandedOver`) step back over an attribute's arguments, a
/// modifier's (`private(set)`) or a parameter clause, and find the group an arrow sits in;
/// `OwnMembers` steps forward over a case's payload. The same walks over braces (`open: "{"`,
/// `close: "}"`) find the block a binding lives in (`SourceScanner.bindsValue`,
/// `GlobalActorInstance`).
package enum Parentheses {
    /// The index of the `(` that the `)` at `close` closes, or -1 when none does.
    static func opening(
        closedAt closing: Int, in tokens: [SwiftTokenizer.Token], open: String = "(", close: String = ")"
    ) -> Int {
        var depth = 0
        var position = closing
        while position >= 0 {
            if tokens[position].text == close { depth += 1 }
            if tokens[position].text == open { depth -= 1 }
            if depth == 0 { return position }
            position -= 1
        }
        return -1
    }

    /// The index of the `)` that closes the `(` at `open`, or the last token when none does.
    static func closing(
        openedAt opening: Int, in tokens: [SwiftTokenizer.Token], open: String = "(", close: String = ")"
    ) -> Int {
        var depth = 0
        for position in opening..<tokens.count {
            if tokens[position].text == open { depth += 1 }
            if tokens[position].text == close { depth -= 1 }
            if depth == 0 { return position }
        }
        return tokens.count - 1
    }

    /// The index of the `(` still open at `index` (the innermost group around it), or -1.
    static func enclosing(
        before index: Int, in tokens: [SwiftTokenizer.Token], open: String = "(", close: String = ")"
    ) -> Int {
        var depth = 0
        var position = index - 1
        while position >= 0 {
            if tokens[position].text == close { depth += 1 }
            if tokens[position].text == open {
                if depth == 0 { return position }
                depth -= 1
            }
            position -= 1
        }
        return -1
    }

    /// Where each `(`, `[` and `{` in `tokens` closes, for a reading that asks of many groups at once
    /// (`NotLookedUp`, `ParameterBindings`): one pass, where a walk per group would be quadratic over
    /// a check's ten thousand tokens. One left open closes nowhere.
    static func closings(in tokens: [SwiftTokenizer.Token]) -> [Int: Int] {
        var closing: [Int: Int] = [:]
        var open: [Int] = []
        for index in tokens.indices where tokens[index].kind == .punctuation {
            switch tokens[index].text {
            case "(", "[", "{": open.append(index)
            case ")", "]", "}": if let opening = open.popLast() { closing[opening] = index }
            default: continue
            }
        }
        return closing
    }
}
