/// Reduces the many spellings of a type to its name, so a pattern written `Task.detached`
/// or `Thread.sleep` also finds `Task<Void, Never>.detached`, `(Task<(), Never>).self.detached`,
/// `let T = Task<Int, Never>.self; T.detached` and `typealias T = Task<Int, Never>; T.detached`.
///
/// Why a second token stream and not a rewrite of the first: dropping `<…>` after a
/// capitalised name also drops a comparison's operands (`Count < kill(0, 9) > …`), so
/// the scan matches both streams. Reducing can add a match, never hide one.
package enum TypeSpellings {
    typealias Token = SwiftTokenizer.Token

    static func reduced(_ tokens: [Token]) -> [Token] {
        var current = tokens
        var known: [String: [Token]] = [:]
        for _ in 0..<8 {  // aliases of aliases, parentheses around generics…: a few rounds
            let spelled = unwrappingParentheses(strippingGenericArguments(current))
            known.merge(aliases(in: spelled)) { old, _ in old }  // read while `.self` still marks a metatype
            let next = substitutingAliases(droppingSelf(spelled), known)
            if next.map(\.text) == current.map(\.text) { break }
            current = next
        }
        return current
    }

    /// `Task<Int, Never>` → `Task`: generic arguments after a capitalised name, when what is
    /// between the angle brackets could be a type (names, `,`, `()`, `[]`, `?`, `->`, `&`, `.`, `:`).
    static func strippingGenericArguments(_ tokens: [Token]) -> [Token] {
        let typeLike: Set<String> = [",", "(", ")", "[", "]", "?", "!", ".", "&", ":", "<", ">", "-"]
        var result: [Token] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            result.append(token)
            index += 1
            guard token.kind == .identifier, token.text.first?.isUppercase == true,
                index < tokens.count, tokens[index].text == "<"
            else { continue }
            var depth = 0
            var end = index
            scan: while end < tokens.count, end - index < 64 {
                let inner = tokens[end]
                guard inner.kind == .identifier || inner.kind == .number || typeLike.contains(inner.text) else {
                    break scan
                }
                if inner.text == "-" {
                    guard end + 1 < tokens.count, tokens[end + 1].text == ">" else { break scan }
                    end += 2  // `->` in a function type
                    continue
                }
                if inner.text == "<" { depth += 1 }
                if inner.text == ">" {
                    depth -= 1
                    if depth == 0 {
                        index = end + 1
                        break scan
                    }
                }
                end += 1
            }
        }
        return result
    }

    /// `(Task).detached` → `Task.detached`: parentheses around one name followed by a member,
    /// when they are not a call's (no name, `)` or `]` before them).
    static func unwrappingParentheses(_ tokens: [Token]) -> [Token] {
        var result: [Token] = []
        var index = 0
        while index < tokens.count {
            if tokens[index].text == "(", index + 3 < tokens.count, tokens[index + 1].kind == .identifier,
                tokens[index + 2].text == ")", tokens[index + 3].text == ".",
                result.last.map({
                    $0.kind != .identifier && $0.text != ")" && $0.text != "]" && $0.text != "?" && $0.text != "!"
                }) ?? true
            {
                result.append(tokens[index + 1])
                index += 3
                continue
            }
            result.append(tokens[index])
            index += 1
        }
        return result
    }

    /// `Task.self.detached` → `Task.detached`; `Task.Type` → `Task`.
    static func droppingSelf(_ tokens: [Token]) -> [Token] {
        var result: [Token] = []
        var index = 0
        while index < tokens.count {
            if tokens[index].text == ".", index + 1 < tokens.count, ["self", "Type"].contains(tokens[index + 1].text),
                index > 0
            {
                index += 2
                continue
            }
            result.append(tokens[index])
            index += 1
        }
        return result
    }

    /// Names that stand for a type: `typealias T = Task` and `let T = Task.self` (read before
    /// `.self` is dropped, so a plain value `let t = task` is not an alias).
    static func aliases(in tokens: [Token]) -> [String: [Token]] {
        var aliases: [String: [Token]] = [:]
        for index in tokens.indices where index + 3 < tokens.count && tokens[index + 1].kind == .identifier {
            let keyword = tokens[index].text
            guard keyword == "typealias" || keyword == "let" || keyword == "var" else { continue }
            var next = index + 2
            if keyword != "typealias", tokens[next].text == ":" {  // `let T: Task<Int, Never>.Type = …`
                while next < tokens.count, tokens[next].text != "=", next - index < 16 { next += 1 }
            }
            guard next + 1 < tokens.count, tokens[next].text == "=", tokens[next + 1].kind == .identifier else {
                continue
            }
            var target = [tokens[next + 1]]
            next += 2
            while next + 1 < tokens.count, tokens[next].text == ".", tokens[next + 1].kind == .identifier,
                !["self", "Type"].contains(tokens[next + 1].text)
            {
                target += [tokens[next], tokens[next + 1]]
                next += 2
            }
            let isMetatype = next + 1 < tokens.count && tokens[next].text == "." && tokens[next + 1].text == "self"
            if keyword == "typealias" || isMetatype { aliases[tokens[index + 1].text] = target }
        }
        return aliases
    }

    /// Each use of an alias replaced by what it names (not where it is declared, nor a member or a label).
    static func substitutingAliases(_ tokens: [Token], _ aliases: [String: [Token]]) -> [Token] {
        guard !aliases.isEmpty else { return tokens }
        var result: [Token] = []
        for (index, token) in tokens.enumerated() {
            let previous = index > 0 ? tokens[index - 1].text : ""
            let isLabel = index + 1 < tokens.count && tokens[index + 1].text == ":"
            if token.kind == .identifier, let target = aliases[token.text], target.map(\.text) != [token.text],
                previous != ".", !SourceScanner.declaringWords.contains(previous), !isLabel
            {
                result += target.map { Token(kind: $0.kind, text: $0.text, line: token.line) }
            } else {
                result.append(token)
            }
        }
        return result
    }
}
