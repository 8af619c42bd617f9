/// What a file-scope declaration names, read from its tokens: every name a `let` or `var`
/// binds, and the type an `extension` extends, spelled whole.
///
/// Why every name: an answer's file-scope names join the check's lookups (`SourceScanner`
/// says why), and `let a = 0, processCPUSeconds = { 0.0 }` or
/// `let (processCPUSeconds, a) = ({ 0.0 }, 0)` declares the second name as surely as
/// `let processCPUSeconds` does (an audit made checks pass with both). Why whole: only the
/// answer's own types may be extended, and `extension [Int]`, `extension Mine?` or
/// `extension Mine.Alias` (with `typealias Alias = Int` inside `Mine`) extend someone else's.
///
/// Where the tokens leave a doubt, the reading errs towards more names: a name read too many
/// refuses an answer with a message saying which, while one missed would let an answer change
/// the check.
package enum FileScopeNames {
    /// The names the `let` or `var` at `index` binds, in order: each pattern of its list (a name,
    /// or every name in a tuple pattern, labels included).
    static func bound(byBindingAt index: Int, in tokens: [SwiftTokenizer.Token]) -> [SwiftTokenizer.Token] {
        var names: [SwiftTokenizer.Token] = []
        var position = index + 1
        while position < tokens.count {
            let pattern = bound(pattern: &position, in: tokens)
            guard !pattern.isEmpty || tokens[position - 1].text == "_" || tokens[position - 1].text == ")" else {
                break
            }
            names += pattern
            guard let comma = commaBeforeNextPattern(from: position, in: tokens) else { break }
            position = comma + 1
        }
        return names
    }

    /// The names of the one pattern at `position` (a name, or a tuple of names, labels included),
    /// moving `position` past it; none, and `position` unmoved, where no pattern starts.
    static func bound(pattern position: inout Int, in tokens: [SwiftTokenizer.Token]) -> [SwiftTokenizer.Token] {
        var names: [SwiftTokenizer.Token] = []
        guard position < tokens.count else { return names }
        if tokens[position].text == "(" {
            var depth = 0
            repeat {
                let token = tokens[position]
                if token.text == "(" { depth += 1 }
                if token.text == ")" { depth -= 1 }
                if token.kind == .identifier, token.text != "_" { names.append(token) }
                position += 1
            } while position < tokens.count && depth > 0
        } else if tokens[position].kind == .identifier {
            if tokens[position].text != "_" { names.append(tokens[position]) }
            position += 1
        }
        return names
    }

    /// The comma that ends the binding going on at `start` and begins another pattern of the same
    /// `let`, or nil when the declaration ends first. A binding is its type (after `:`) and its
    /// value (after `=`) or accessors (`{ … }`); a comma inside brackets of any kind belongs to
    /// them, and so does one inside a type's generic arguments (`[String: Dictionary<A, B>]`).
    /// In a value, `:` starts no type (`c ? a : b`), and `<` opens generic arguments only where
    /// what follows could be nothing else (`Dictionary<String, Int>()`: see `genericArgumentsEnd`).
    ///
    /// A declaration ends at `;`, or where a new line starts something else: a line goes on when
    /// the one before ends in an operator, a comma, `as`, `is`, `try` or `await`, or when it
    /// starts with punctuation other than `@` and `#` (`, b = 1`, `.member`, `+ 1`, `? x : y`).
    static func commaBeforeNextPattern(from start: Int, in tokens: [SwiftTokenizer.Token]) -> Int? {
        let end = bindingEnd(from: start, in: tokens)
        return end < tokens.count && tokens[end].text == "," ? end : nil
    }

    /// Where the binding going on at `start` ends (as `commaBeforeNextPattern` reads it): the
    /// index of its comma, or of the first token after the declaration (`tokens.count` at the end).
    static func bindingEnd(from start: Int, in tokens: [SwiftTokenizer.Token]) -> Int {
        scanBinding(from: start, in: tokens).end
    }

    /// The most tokens a binding is read over. Past it the declaration is taken to run to the end
    /// of the file (no further name of its list is read), and `UnreadableCode` refuses the file:
    /// without a bound, a file of `let a = 1 +` lines, each binding read on to the end, took the
    /// scan 88 s (a review's find). No answer needs a constant this long.
    static let longestBinding = 1_000

    /// `bindingEnd`, and whether the binding ran past `longestBinding`.
    static func scanBinding(from start: Int, in tokens: [SwiftTokenizer.Token]) -> (end: Int, tooLong: Bool) {
        var nesting = 0
        var angles = 0
        var inType = false
        var inValue = false
        var position = start
        while position < tokens.count {
            if position - start > longestBinding { return (tokens.count, true) }
            let token = tokens[position]
            if nesting == 0, angles == 0, position > start, token.line > tokens[position - 1].line,
                !continuesOnNewLine(tokens[position - 1], next: token, inType: inType)
            {
                return (position, false)
            }
            switch token.text {
            case "(", "[", "{": nesting += 1
            case ")", "]", "}":
                nesting -= 1
                if nesting < 0 { return (position, false) }  // the end of a body this declaration is in
            case ";" where nesting == 0: return (position, false)
            case ":" where nesting == 0 && angles == 0 && !inValue: inType = true
            case "=" where nesting == 0 && angles == 0:
                inType = false
                inValue = true
            case "<" where inValue && nesting == 0:
                if let end = genericArgumentsEnd(from: position, in: tokens) {
                    position = end + 1
                    continue
                }
            case "<" where inType && nesting == 0: angles += 1
            // `->` in a function type closes nothing.
            case ">" where inType && nesting == 0 && angles > 0 && tokens[position - 1].text != "-": angles -= 1
            case "," where nesting == 0 && angles == 0: return (position, false)
            default: break
            }
            position += 1
        }
        return (tokens.count, false)
    }

    /// The `>` that closes generic arguments opening at the `<` at `open` in a value, or nil when
    /// it may be a comparison. Generic arguments follow a name and hold only what a type list
    /// holds (names, `.`, `,`, `?`, `!`, `&`, numbers, `->`, brackets, nested `<…>`; `:` only inside
    /// brackets), and the call or member after them starts at once: `>(` or `>.`. A binding needs
    /// `=`, `:` or `{`, none of which may be inside, so no hidden name fits in what this skips.
    static func genericArgumentsEnd(from open: Int, in tokens: [SwiftTokenizer.Token]) -> Int? {
        guard open > 0, tokens[open - 1].kind == .identifier else { return nil }
        var angles = 0
        var brackets = 0
        var position = open
        while position < tokens.count {
            let token = tokens[position]
            switch token.text {
            case "<": angles += 1
            case ">" where tokens[position - 1].text == "-": break  // `->`
            case ">":
                angles -= 1
                if angles == 0 {
                    let after = position + 1 < tokens.count ? tokens[position + 1].text : ""
                    return brackets == 0 && (after == "(" || after == ".") ? position : nil
                }
            case "(", "[": brackets += 1
            case ")", "]":
                brackets -= 1
                if brackets < 0 { return nil }
            case ":" where brackets > 0: break
            case ",", ".", "?", "!", "&", "-": break
            default:
                guard token.kind == .identifier || token.kind == .number else { return nil }
            }
            position += 1
        }
        return nil
    }

    /// Whether a value or type that reached `last` at the end of a line goes on with `next`.
    static func continuesOnNewLine(_ last: SwiftTokenizer.Token, next: SwiftTokenizer.Token, inType: Bool) -> Bool {
        if next.kind == .punctuation, next.text != "@", next.text != "#" { return true }
        if next.text == "as" || next.text == "is" { return true }
        if ["as", "is", "try", "await"].contains(last.text) { return true }
        guard last.kind == .punctuation else { return false }
        // What closes a value or a type ends a line; in a type, so do `?`, `!` and a generic's `>`.
        if [")", "]", "}"].contains(last.text) { return false }
        if inType, ["?", "!", ">"].contains(last.text) { return false }
        return true
    }

    /// The type the `extension` at `index` extends, as written up to its `:`, `where` or `{`.
    /// Generic arguments are left out (`extension Box<Int>` extends `Box`), so a plain path of
    /// names reads `Box` or `Outer.Inner`; anything else (`[Int]`, `Mine?`, `(A, B)`) keeps its
    /// brackets and marks, and is no one's own type.
    static func extendedType(byExtensionAt index: Int, in tokens: [SwiftTokenizer.Token]) -> String {
        var spelling = ""
        var angles = 0
        var brackets = 0
        var position = index + 1
        while position < tokens.count {
            let token = tokens[position]
            if token.text == "{" || (angles == 0 && brackets == 0 && (token.text == ":" || token.text == "where")) {
                break
            }
            if token.text == "(" || token.text == "[" { brackets += 1 }
            if token.text == ")" || token.text == "]" { brackets -= 1 }
            if token.text == "<" {
                angles += 1
            } else if token.text == ">" && angles > 0 {
                angles -= 1
            } else if angles == 0 {
                spelling += token.text + (token.text == "," || token.text == ":" ? " " : "")
            }
            position += 1
        }
        return spelling
    }
}
