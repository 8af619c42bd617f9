/// Code nested deeper than the scan reads, refused before anything else reads the answer.
///
/// Several of the scan's readings follow the code's nesting with calls of their own (a body
/// inside a body, an interpolation inside a string), so how deep they go is the answer's to
/// choose: a file of 4,600 nested `do {` or 7,000 nested closures ended the grader with a stack
/// overflow, for `lab check` and for a whole class's `lab grade` (session 55). The compiler
/// itself refuses a structure nested more than 256 levels ("structure nesting level exceeded
/// maximum of 256"), so no answer that compiles is refused here; what is refused is said in
/// the compiler's terms, and the scan's other readings never see it.
package enum NestingDepth {
    /// The compiler's own limit (Swift 6.3.1 refused 14,000 nested parentheses in a type so).
    package static let deepest = 256

    /// The first place the tokens go deeper than `deepest` brackets, or hold an interpolation the
    /// tokenizer did not read (`SwiftTokenizer.deepestInterpolation`); nil when neither.
    package static func finding(_ tokens: [SwiftTokenizer.Token]) -> SourceScanner.Finding? {
        var depth = 0
        for token in tokens where token.kind == .punctuation {
            switch token.text {
            case "(", "[", "{":
                depth += 1
                if depth > deepest {
                    return SourceScanner.Finding(
                        code: "`\(token.text)`", line: token.line,
                        reason:
                            "brackets nested more than \(deepest) levels deep here; the compiler refuses that too (its limit is \(deepest))"
                    )
                }
            case ")", "]", "}":
                depth = max(0, depth - 1)
            case SwiftTokenizer.unreadInterpolation:
                return SourceScanner.Finding(
                    code: "`\\(`", line: token.line,
                    reason:
                        "string interpolations nested more than \(SwiftTokenizer.deepestInterpolation) levels deep, past what the lab's scan reads; take the inner ones out into variables"
                )
            default: break
            }
        }
        return nil
    }
}
