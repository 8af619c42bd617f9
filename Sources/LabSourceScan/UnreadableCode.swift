/// Code whose structure the scan's tokens cannot show, refused in every answer (an answer to a
/// concurrency exercise needs none of it):
/// - a `#if` on the compiler's or the language's version (`compiler(…)`, `swift(…)`), whose
///   branch the compiler skips without reading it: an unbalanced `{` in `#if compiler(>=99)`
///   made the scan read the rest of the file one level deeper, and a file-scope declaration
///   there as a local one (an audit's). Other conditions stay (`#if canImport(Darwin)`): the
///   compiler reads every branch of those, so each branch's brackets must balance, and one
///   that does not is refused too;
/// - a regex literal, `#/…/#` or `/…/`: the scan does not read inside one, so a `\{` in it
///   did the same. A bare one is found as the compiler finds it (`BareRegexLiteral`), so
///   `reduce(1.0, /)` is division.
package enum UnreadableCode {
    static func findings(
        _ tokens: [SwiftTokenizer.Token], stored: [KeptState.StoredBinding]? = nil
    ) -> [SourceScanner.Finding] {
        var findings: [SourceScanner.Finding] = []
        // Per open `#if`, the bracket balance of the branch going on; a branch must end at zero.
        var branches: [Int] = []
        func endBranch(at line: Int) {
            guard let balance = branches.last, balance != 0 else { return }
            findings.append(
                .init(
                    code: "`#if`", line: line,
                    reason:
                        "a branch of this #if does not close the brackets it opens, so the lab's scan cannot read the code around it"
                ))
        }
        for index in tokens.indices {
            let token = tokens[index]
            if token.kind == .string, token.text == SwiftTokenizer.regexLiteral {
                findings.append(regexLiteral(at: token.line))
            }
            guard token.kind == .punctuation else { continue }
            let next = index + 1 < tokens.count ? tokens[index + 1] : nil
            if !branches.isEmpty, ["{", "(", "["].contains(token.text) { branches[branches.count - 1] += 1 }
            if !branches.isEmpty, ["}", ")", "]"].contains(token.text) { branches[branches.count - 1] -= 1 }
            if token.text == "#", let next, next.kind == .identifier {
                switch next.text {
                case "if":
                    branches.append(0)
                case "elseif", "else":
                    endBranch(at: next.line)
                    if !branches.isEmpty { branches[branches.count - 1] = 0 }
                case "endif":
                    endBranch(at: next.line)
                    _ = branches.popLast()
                default: break
                }
                if next.text == "if" || next.text == "elseif", let version = versionCheck(after: index + 1, in: tokens)
                {
                    findings.append(
                        .init(
                            code: "`#\(next.text) \(version)(…)`", line: next.line,
                            reason:
                                "the compiler skips a version check's other branch without reading it, so the lab's scan cannot read the file as the compiler does; an answer needs none"
                        ))
                }
            } else if token.text == "/", index > 0, tokens[index - 1].text == "#" {
                findings.append(regexLiteral(at: token.line))
            }
        }
        if !branches.isEmpty, let last = tokens.last { endBranch(at: last.line) }
        if let long = (stored ?? KeptState.storedBindings(tokens)).first(where: \.tooLong) {
            findings.append(
                .init(
                    code: "`\(long.keyword) \(long.names.first?.text ?? "_")`", line: long.line,
                    reason:
                        "this declaration runs on for over \(FileScopeNames.longestBinding) tokens, past what the lab's scan reads; split it"
                ))
        }
        return findings
    }

    /// `compiler` or `swift` called in the condition of the `#if` or `#elseif` at `index`, on its line.
    static func versionCheck(after index: Int, in tokens: [SwiftTokenizer.Token]) -> String? {
        var position = index + 1
        while position + 1 < tokens.count, tokens[position].line == tokens[index].line {
            if ["compiler", "swift"].contains(tokens[position].text), tokens[position + 1].text == "(" {
                return tokens[position].text
            }
            position += 1
        }
        return nil
    }

    static func regexLiteral(at line: Int) -> SourceScanner.Finding {
        .init(
            code: "a regex literal", line: line,
            reason:
                "the lab's scan cannot read inside a regex literal; build a Regex from a string, or use String's methods"
        )
    }
}
