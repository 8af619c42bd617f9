/// Whether code is reached only where a macOS version is available: inside
/// `if #available(macOS 26, …) { … }`, after `guard #available(macOS 26, …) else { … }` in
/// the same block, or in a declaration marked `@available(macOS 26, …)` (a type, an
/// extension, a function). An API newer than the package's platform must be so gated, or
/// the package does not build for the platform it declares.
package enum AvailabilityGate {
    /// Whether the token at `index` is gated at `macOS` (major, minor) or later.
    static func isGated(_ index: Int, tokens: [SwiftTokenizer.Token], macOS: [Int]) -> Bool {
        var depth = 0
        var position = index - 1
        var headStart = Int.max  // where the head of the last enclosing block begins
        while position >= 0 {
            switch tokens[position].text {
            case "}": depth += 1
            case "{" where depth > 0: depth -= 1
            case "{":
                // An enclosing block: gated by its head (`if #available…`, `@available…`) or by a
                // `guard #available` among its statements before `index`.
                // (A guard's own else block is not gated by it.)
                let head = head(before: position, tokens: tokens)
                if !head.contains(where: { tokens[$0].text == "guard" }),
                    gates(head, tokens: tokens, macOS: macOS, guarded: false)
                {
                    return true
                }
                headStart = head.lowerBound
            case "guard" where depth == 0 && position < headStart:  // not the guard whose else block holds `index`
                if gates(position..<min(index, position + 24), tokens: tokens, macOS: macOS, guarded: true) {
                    return true
                }
            default: break
            }
            position -= 1
        }
        return false
    }

    /// The tokens of the statement or declaration that opens the block at `brace`: back to the
    /// previous brace or `;` (`} else {` has only `else`, so an else branch is not gated).
    static func head(before brace: Int, tokens: [SwiftTokenizer.Token]) -> Range<Int> {
        var start = brace
        while start > 0, !["{", "}", ";"].contains(tokens[start - 1].text) { start -= 1 }
        return start..<brace
    }

    /// Whether `range` holds `#available(macOS N…` (`guard #available` when `guarded`) or
    /// `@available(macOS N…` with N at least `macOS`.
    static func gates(_ range: Range<Int>, tokens: [SwiftTokenizer.Token], macOS: [Int], guarded: Bool) -> Bool {
        for index in range where tokens[index].text == "available" && index > range.lowerBound {
            let marker = tokens[index - 1].text
            guard marker == "#" || (marker == "@" && !guarded) else { continue }
            if guarded && (index < 2 || tokens[index - 2].text != "guard") { continue }
            var next = index + 1
            while next + 1 < range.upperBound, tokens[next].text != ")" {
                if tokens[next].text == "macOS", let version = version(tokens[next + 1].text),
                    version.lexicographicallyPrecedes(macOS) == false
                {
                    return true
                }
                next += 1
            }
        }
        return false
    }

    /// "26" → [26, 0]; "15.4" → [15, 4].
    static func version(_ text: String) -> [Int]? {
        let parts = text.split(separator: ".").compactMap { Int($0) }
        guard !parts.isEmpty else { return nil }
        return Array((parts + [0, 0]).prefix(2))
    }
}
