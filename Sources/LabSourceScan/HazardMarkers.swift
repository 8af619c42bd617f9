/// The declarations a file marks as showing a hazard on purpose.
///
/// The convention: a comment containing the word `HAZARD` directly above a declaration
/// (between it and the code before it), as the lessons already write
/// `/// HAZARD, on purpose: …`. The mark covers that declaration to the end of its body
/// (a function, a type, or `static let variant = LessonVariant(…) { … }`). It exempts a
/// blocking call only: an API Apple marks unavailable from async contexts would still
/// not compile on a Mac, so no comment can excuse it.
package struct HazardMarkers {
    /// Token index ranges covered by a mark.
    let ranges: [ClosedRange<Int>]

    /// `closing`: the tokens' `AsyncContexts.pairs`, when the caller has them already.
    init(source: String, tokens: [SwiftTokenizer.Token], closing: [Int: Int]? = nil) {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        func marks(_ line: Int) -> Bool {  // 1-based
            guard line >= 1, line <= lines.count else { return false }
            let text = lines[line - 1].drop { $0 == " " || $0 == "\t" }
            return (text.hasPrefix("//") || text.hasPrefix("/*") || text.hasPrefix("*")) && text.contains("HAZARD")
        }
        let closing = closing ?? AsyncContexts.pairs(tokens)
        var ranges: [ClosedRange<Int>] = []
        for index in tokens.indices {
            let previousLine = index > 0 ? tokens[index - 1].line : 0
            guard tokens[index].line - previousLine > 1,
                ((previousLine + 1)..<tokens[index].line).contains(where: marks)
            else { continue }
            ranges.append(index...Self.end(ofDeclarationAt: index, tokens: tokens, closing: closing))
        }
        self.ranges = ranges
    }

    /// The last token of the declaration starting at `start`: the brace closing its first
    /// body (`{` outside parentheses), or the end of the enclosing block if it has none.
    static func end(ofDeclarationAt start: Int, tokens: [SwiftTokenizer.Token], closing: [Int: Int]) -> Int {
        var depth = 0
        var index = start
        while index < tokens.count {
            switch tokens[index].text {
            case "(", "[": depth += 1
            case ")", "]": depth -= 1
            case "{" where depth == 0: return closing[index] ?? tokens.count - 1
            case "}" where depth == 0: return index
            default: break
            }
            index += 1
        }
        return tokens.count - 1
    }

    func covers(_ index: Int) -> Bool { ranges.contains { $0.contains(index) } }
}
