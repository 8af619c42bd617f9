/// The names a function's, an initializer's, a subscript's or a closure's parameters bind, and
/// those a `for` loop's pattern and a bare `catch` bind, each with the `{` of the body they are
/// bound in: inside that body, a use of the name is the binding, which the compiler finds before
/// any file-scope declaration. Also the external labels of declared parameters, which the compiler
/// never looks up. `NotLookedUp` reads them from a check's tokens.
///
/// Read from tokens alone, so a shape it does not know binds nothing here: the name then stays
/// reserved, as before (a refusal too many, never a lookup missed).
enum ParameterBindings {
    struct Binding: Equatable {
        /// The name's token (for a bare `catch`, the `{` of its body: the name is implicit).
        let at: Int
        let name: String
        /// The body's `{`: the name is bound from there until its `}`.
        let block: Int
    }

    /// Every binding in `tokens`, and the positions of declared parameters' external labels;
    /// `closing` is where each group closes (`Parentheses.closings`).
    static func find(in tokens: [SwiftTokenizer.Token], closing: [Int: Int]) -> (bindings: [Binding], labels: Set<Int>)
    {
        var bindings: [Binding] = []
        var labels = Set<Int>()
        for index in tokens.indices where tokens[index].kind != .string {
            switch tokens[index].text {
            case "func", "init", "subscript":
                // Not a call of an initializer (`.init(…)`, `super.init(…)`).
                guard tokens[index].kind == .identifier, index == 0 || tokens[index - 1].text != ".",
                    let list = firstOpening("(", after: index, in: tokens), let end = closing[list],
                    let body = bodyOpening(after: end, in: tokens)
                else { continue }
                for parameter in parameters(from: list, to: end, in: tokens, closing: closing) {
                    if let label = parameter.label { labels.insert(label) }
                    if let name = parameter.name {
                        bindings.append(Binding(at: name, name: tokens[name].text, block: body))
                    }
                }
            case "{" where tokens[index].kind == .punctuation:
                for name in closureParameters(at: index, in: tokens, closing: closing) {
                    bindings.append(Binding(at: name, name: tokens[name].text, block: index))
                }
            case "for" where tokens[index].kind == .identifier:
                guard let (names, body) = loopPattern(after: index, in: tokens) else { continue }
                bindings += names.map { Binding(at: $0, name: tokens[$0].text, block: body) }
            case "catch" where tokens[index].kind == .identifier:
                if index + 1 < tokens.count, tokens[index + 1].text == "{" {
                    bindings.append(Binding(at: index + 1, name: "error", block: index + 1))
                }
            default: continue
            }
        }
        return (bindings, labels)
    }

    /// Words that end a declaration's signature before any body: a protocol's requirement, or
    /// the next declaration.
    static let signatureEnds: Set<String> = [
        "}", "func", "let", "var", "init", "subscript", "class", "struct", "enum", "actor", "protocol",
        "extension", "typealias", "case", "static", "import",
    ]

    /// The first `text` after `index` before anything that ends the signature, or nil.
    static func firstOpening(_ text: String, after index: Int, in tokens: [SwiftTokenizer.Token]) -> Int? {
        var position = index + 1
        while position < tokens.count, position <= index + 64 {
            if tokens[position].text == text, tokens[position].kind == .punctuation { return position }
            if tokens[position].text == "{" || signatureEnds.contains(tokens[position].text) { return nil }
            position += 1
        }
        return nil
    }

    /// The body's `{` after a signature's parameter list ends at `end`, outside any bracket, before
    /// anything that ends the signature: nil for a requirement without a body.
    static func bodyOpening(after end: Int, in tokens: [SwiftTokenizer.Token]) -> Int? {
        var depth = 0
        var position = end + 1
        while position < tokens.count, position <= end + 256 {
            let token = tokens[position]
            if token.kind == .punctuation {
                if token.text == "{" && depth == 0 { return position }
                if ["(", "["].contains(token.text) { depth += 1 }
                if [")", "]"].contains(token.text) { depth -= 1 }
                if depth < 0 || token.text == "}" { return nil }
            } else if token.kind == .identifier, depth == 0, signatureEnds.contains(token.text) {
                return nil
            }
            position += 1
        }
        return nil
    }

    /// Each parameter between `list` (its `(`) and `end`: its external label, where it has one
    /// besides its name, and its name (none for `_`). The words before a parameter's `:` are its
    /// head; its type and its default value bind nothing.
    static func parameters(
        from list: Int, to end: Int, in tokens: [SwiftTokenizer.Token], closing: [Int: Int]
    ) -> [(label: Int?, name: Int?)] {
        var found: [(label: Int?, name: Int?)] = []
        var head: [Int] = []
        var inHead = true
        var position = list + 1
        while position < end {
            let token = tokens[position]
            if token.kind == .punctuation, let skip = closing[position] {
                inHead = false
                position = skip + 1
                continue
            }
            if token.text == "," {
                head = []
                inHead = true
            } else if inHead && token.text == ":" {
                if head.count == 2 {
                    found.append((tokens[head[0]].text == "_" ? nil : head[0], named(head[1], in: tokens)))
                } else if head.count == 1 {
                    found.append((nil, named(head[0], in: tokens)))
                }
                inHead = false
            } else if inHead {
                if token.kind == .identifier { head.append(position) } else { inHead = false }
            }
            position += 1
        }
        return found
    }

    static func named(_ index: Int, in tokens: [SwiftTokenizer.Token]) -> Int? {
        tokens[index].text == "_" ? nil : index
    }

    /// The parameters of a closure that opens at `brace`: `{ a, b in`, `{ (a, b) in`,
    /// `{ (a: Int) async -> Int in`, after a capture list `[weak self]` or not. A `{` that is no
    /// closure's (a body, a block) has none: no `in` where its parameters would end.
    static func closureParameters(at brace: Int, in tokens: [SwiftTokenizer.Token], closing: [Int: Int]) -> [Int] {
        var position = brace + 1
        if position < tokens.count, tokens[position].text == "[", let end = closing[position] { position = end + 1 }
        guard position < tokens.count else { return [] }
        if tokens[position].text == "(", let end = closing[position] {
            // Each element's first word is its name (a closure's parameters have no labels).
            var names: [Int] = []
            var expectingName = true
            var inner = position + 1
            while inner < end {
                let token = tokens[inner]
                if let skip = closing[inner], token.kind == .punctuation {
                    inner = skip + 1
                    continue
                }
                if token.text == "," {
                    expectingName = true
                } else if expectingName {
                    if token.kind == .identifier, let name = named(inner, in: tokens) { names.append(name) }
                    expectingName = false
                }
                inner += 1
            }
            // Then its effects and result type, on to `in`, with no other `{` or statement between.
            var after = end + 1
            while after < tokens.count, after <= end + 32 {
                if tokens[after].text == "in", tokens[after].kind == .identifier { return names }
                if tokens[after].text == "{" || tokens[after].text == "}" || tokens[after].text == "=" { return [] }
                after += 1
            }
            return []
        }
        var names: [Int] = []
        while position + 1 < tokens.count, tokens[position].kind == .identifier {
            if let name = named(position, in: tokens) { names.append(name) }
            if tokens[position + 1].text == "in" { return names }
            guard tokens[position + 1].text == "," else { return [] }
            position += 2
        }
        return []
    }

    /// A `for` loop's pattern names (`for x in`, `for (a, b) in`, `for case let .some(x) in`,
    /// `for try await x in`) and its body's `{`; nil for a shape not known.
    static func loopPattern(after index: Int, in tokens: [SwiftTokenizer.Token]) -> (names: [Int], body: Int)? {
        var names: [Int] = []
        var position = index + 1
        while position < tokens.count, position <= index + 24 {
            let token = tokens[position]
            if token.text == "in", token.kind == .identifier { break }
            if token.text == "{" || token.text == "}" || token.text == ":" || token.text == "=" { return nil }
            if token.kind == .identifier, !["case", "let", "var", "try", "await", "_"].contains(token.text),
                tokens[position - 1].text != ".",
                position + 1 < tokens.count, ![".", "("].contains(tokens[position + 1].text)
            {
                names.append(position)
            }
            position += 1
        }
        guard position < tokens.count, tokens[position].text == "in" else { return nil }
        // The body: the first `{` after the sequence, outside its brackets.
        guard let body = bodyOpening(after: position, in: tokens) else { return nil }
        return (names, body)
    }
}
