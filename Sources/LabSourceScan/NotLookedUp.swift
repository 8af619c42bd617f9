/// Names in a check's text that the compiler never looks up, so no declaration of an answer's
/// can stand in for them: an argument's label (`poll(every: …, otherwise: …)`, a tuple's
/// `(count: …)`) and the words of a `#if` condition (`os`, `Linux`, `DEBUG`).
///
/// Why it matters: the grader reserves the names a check looks up (an answer may not declare
/// them at file scope, `Grader.reviewNames`), and it read every name the check wrote. A correct
/// answer's file-scope `let timeout` in 20, or `timeBudget` in 30, was refused with "the check
/// uses the name", which was untrue of a label (session 53's note; fixed in session 55).
package enum NotLookedUp {
    /// The positions in `tokens` of such names.
    package static func positions(in tokens: [SwiftTokenizer.Token]) -> Set<Int> {
        var positions = Set<Int>()
        var open: [String] = []
        var conditionLine: Int?
        for index in tokens.indices {
            let token = tokens[index]
            if token.kind == .punctuation {
                if ["(", "[", "{"].contains(token.text) { open.append(token.text) }
                if [")", "]", "}"].contains(token.text), !open.isEmpty { open.removeLast() }
                if token.text == "#", index + 1 < tokens.count, ["if", "elseif"].contains(tokens[index + 1].text) {
                    conditionLine = token.line
                }
                continue
            }
            guard token.kind == .identifier else { continue }
            if let line = conditionLine, token.line == line {
                positions.insert(index)
                continue
            }
            conditionLine = nil
            // A label: the first thing of an argument (after `(` or `,`, directly inside
            // parentheses) followed by `:`. Inside `[` the same shape is a dictionary's key, which
            // is looked up; after `?` it is a ternary's value.
            if open.last == "(", index > 0, ["(", ","].contains(tokens[index - 1].text),
                index + 1 < tokens.count, tokens[index + 1].text == ":"
            {
                positions.insert(index)
            }
        }
        return positions
    }
}
