/// The bodies of the types a file declares (`actor Counter { … }`, `extension Counter { … }`)
/// and the functions each declares directly, so the scan can tell a call of a type's own
/// `read()` from a call of the system's `read`.
package enum TypeBodies {
    static let typeKeywords: Set<String> = ["class", "struct", "enum", "actor", "extension", "protocol"]
    /// Words that show a `{` opens a function, closure or accessor, not a type.
    static let notATypeBody: Set<String> = [
        "func", "init", "var", "let", "=", "in", "(", "get", "set", "deinit", "subscript",
    ]

    /// Whether a type whose body encloses `index` declares `func name` directly in that body.
    static func member(_ name: String, isDeclaredAround index: Int, in tokens: [SwiftTokenizer.Token]) -> Bool {
        var open: [(start: Int, isType: Bool)] = []
        var enclosing: [Int] = []  // starts of the type bodies around `index`
        var closed: [(start: Int, end: Int)] = []
        for position in tokens.indices {
            if position == index { enclosing = open.filter(\.isType).map(\.start) }
            if tokens[position].text == "{" {
                open.append((position, opensType(at: position, in: tokens)))
            } else if tokens[position].text == "}", let body = open.popLast(), body.isType {
                closed.append((body.start, position))
            }
        }
        for start in enclosing {
            guard let body = closed.first(where: { $0.start == start }) else { continue }
            var depth = 0
            for position in (body.start + 1)..<body.end {
                let text = tokens[position].text
                if text == "{" { depth += 1 } else if text == "}" { depth -= 1 }
                if depth == 0, text == "func", position + 1 < body.end, tokens[position + 1].text == name {
                    return true
                }
            }
        }
        return false
    }

    /// A `{` opens a type's body when a type keyword comes before it in the same declaration.
    static func opensType(at brace: Int, in tokens: [SwiftTokenizer.Token]) -> Bool {
        var position = brace - 1
        while position >= 0, brace - position < 40 {
            let text = tokens[position].text
            if text == "{" || text == "}" || text == ";" || notATypeBody.contains(text) { return false }
            if typeKeywords.contains(text) { return true }
            position -= 1
        }
        return false
    }
}
