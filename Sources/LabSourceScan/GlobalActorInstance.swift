/// A global actor's one instance, `static let shared = Name()`, allowed by the kept-state rule
/// (`KeptState`). The `GlobalActor` protocol asks for it, so a global actor of the answer's own
/// cannot be written without it: an audit's 12, a counter class on `@DownloadsActor`, was refused
/// as keeping state while the same class on `@MainActor` passed. The instance keeps nothing
/// between the check's calls as long as the actor stores nothing itself, so it is allowed only
/// as the instance of an `@globalActor actor Name` made without arguments, in that actor's body,
/// and only where that body declares no stored property of its own (an actor that counted the
/// check's calls in `var calls = 0` is refused as before).
package enum GlobalActorInstance {
    static func isAllowed(_ binding: KeptState.StoredBinding, in tokens: [SwiftTokenizer.Token]) -> Bool {
        guard binding.isStatic, binding.keyword == "let", binding.names.map(\.text) == ["shared"],
            let body = enclosingBody(before: binding.rest.lowerBound, in: tokens),
            let actor = globalActorName(openingBodyAt: body.start, in: tokens),
            isFreshInstance(of: actor, Array(tokens[binding.rest]))
        else { return false }
        return !storesState(tokens[(body.start + 1)..<body.end], besides: binding.rest.lowerBound)
    }

    /// The braces of the innermost body around `index`.
    static func enclosingBody(before index: Int, in tokens: [SwiftTokenizer.Token]) -> (start: Int, end: Int)? {
        let start = Parentheses.enclosing(before: index, in: tokens, open: "{", close: "}")
        guard start >= 0 else { return nil }
        return (start, Parentheses.closing(openedAt: start, in: tokens, open: "{", close: "}"))
    }

    /// The name of the actor whose body the `{` at `brace` opens, if it is written `@globalActor
    /// actor Name` (modifiers and other attributes around it, a conformance list after the name).
    static func globalActorName(openingBodyAt brace: Int, in tokens: [SwiftTokenizer.Token]) -> String? {
        var keyword = brace - 1
        // Back over a conformance list: `: GlobalActor, Sendable`.
        while keyword >= 1, tokens[keyword].kind == .identifier || tokens[keyword].text == "," {
            if tokens[keyword - 1].text == ":" {
                keyword -= 2
            } else if tokens[keyword].text == "," {
                keyword -= 1
            } else {
                break
            }
        }
        guard keyword >= 1, tokens[keyword - 1].text == "actor", tokens[keyword].kind == .identifier else { return nil }
        var position = keyword - 2
        while position >= 0 {
            let token = tokens[position]
            if position > 0, tokens[position - 1].text == "@", token.kind == .identifier {
                if token.text == "globalActor" { return tokens[keyword].text }
                position -= 2
                continue
            }
            guard KeptState.modifiers.contains(token.text) else { return nil }
            position -= 1
        }
        return nil
    }

    /// Whether a binding's type and value are a new instance of `actor` made without arguments:
    /// `= Name()`, `= .init()`, `= Name.init()`, each with `: Name` before it or not.
    static func isFreshInstance(of actor: String, _ rest: [SwiftTokenizer.Token]) -> Bool {
        var texts = rest.map(\.text)
        if texts.starts(with: [":", actor]) { texts.removeFirst(2) }
        return [["=", actor, "(", ")"], ["=", ".", "init", "(", ")"], ["=", actor, ".", "init", "(", ")"]]
            .contains(texts)
    }

    /// Whether a type's body declares a stored property of its own (a `let` or `var` directly in
    /// it with a value, or a `var` with a type alone), the instance binding at `instance` aside.
    static func storesState(_ body: ArraySlice<SwiftTokenizer.Token>, besides instance: Int) -> Bool {
        var depth = 0
        for index in body.indices {
            let text = body[index].text
            if text == "{" { depth += 1 }
            if text == "}" { depth -= 1 }
            guard depth == 0, text == "let" || text == "var", body[index].kind == .identifier else { continue }
            // The instance's own `let`, whose pattern (`shared`) ends just before `instance`.
            if index + 2 == instance { continue }
            var end = index + 1
            while end < body.endIndex, body[end].line == body[index].line, body[end].text != "{" { end += 1 }
            let computed =
                end < body.endIndex && body[end].text == "{" && !body[index..<end].contains { $0.text == "=" }
                && !KeptState.opensObservers(at: end, in: body)
            if !computed { return true }
        }
        return false
    }
}
