/// Which type's body each token of a file is in, read token by token: a declaration of a type
/// (or an extension) names the body that its next `{` opens, and the body ends at its `}`.
/// Shared by the scans that judge a declaration by the type around it (`CheckMeaning`, `OwnTypes`).
struct TypeNesting {
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

    /// The innermost type around the token last passed; nil at file scope.
    var innermost: String? { enclosing.last?.name }
}
