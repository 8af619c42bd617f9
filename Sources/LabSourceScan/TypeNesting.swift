/// Which type's body each token of a file is in, read token by token: a declaration of a type
/// (or an extension) names the body that its next `{` opens, and the body ends at its `}`.
/// Shared by the scans that judge a declaration by the type around it (`CheckMeaning`, `OwnTypes`).
package struct TypeNesting {
    /// The keywords that declare a type of the file's own (an extension is not one).
    static let typeKeywords: Set<String> = ["struct", "class", "enum", "actor", "protocol"]

    /// The bodies around the token last passed, innermost last, each with the depth of its `{`.
    private(set) var enclosing: [(name: String, depth: Int)] = []
    /// Braces open around the token last passed.
    private(set) var depth = 0
    private var pending: String?

    /// Call with each token, in order, before asking about it.
    mutating func pass(_ token: SwiftTokenizer.Token) {
        if token.text == "{" {
            depth += 1
            if let name = pending { enclosing.append((name, depth)) }
            pending = nil
        }
        if token.text == "}" {
            if enclosing.last?.depth == depth { enclosing.removeLast() }
            depth = max(0, depth - 1)
        }
    }

    /// The next `{` opens the body of `name`.
    mutating func opens(_ name: String) { pending = name }

    /// At `index`, a declaration of a type whose keyword is in `kinds` names the body its next
    /// `{` opens by the type's whole path (`Outer.Inner`), returned; an extension names it by the
    /// type it extends (nil returned). Anything else: nil.
    mutating func readDeclaration(at index: Int, in tokens: [SwiftTokenizer.Token], kinds: Set<String>) -> String? {
        guard let path = Self.path(declaredAt: index, in: tokens, within: innermost) else { return nil }
        if kinds.contains(tokens[index].text) {
            opens(path)
            return path
        }
        if tokens[index].text == "extension" { opens(FileScopeNames.extendedType(byExtensionAt: index, in: tokens)) }
        return nil
    }

    /// The whole path of what the keyword at `index` names (`Outer.Inner` for `struct Inner` in
    /// `Outer`'s body), or nil when no name follows it (`class func`, `class var`: a modifier).
    static func path(declaredAt index: Int, in tokens: [SwiftTokenizer.Token], within body: String?) -> String? {
        guard tokens[index].kind == .identifier, index + 1 < tokens.count, tokens[index + 1].kind == .identifier,
            !["func", "var", "let", "subscript", "init"].contains(tokens[index + 1].text)
        else { return nil }
        let name = tokens[index + 1].text
        return body.map { "\($0).\(name)" } ?? name
    }

    /// The innermost type around the token last passed; nil at file scope.
    var innermost: String? { enclosing.last?.name }
}
