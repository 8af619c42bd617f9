/// Names in a check's text that no file-scope declaration of an answer's can stand in for: an
/// argument's label (`poll(every: …, otherwise: …)`, a tuple's `(count: …)`) and the words of a
/// `#if` condition (`os`, `Linux`, `DEBUG`) and a declared parameter's external label, which the
/// compiler never looks up; and a name where a `let`, a `var`, a parameter or a loop of the check's
/// own binds it in a block still open there (a local, or a type's property), which the compiler
/// finds before anything at file scope.
///
/// Why it matters: the grader reserves the names a check looks up (an answer may not declare
/// them at file scope, `Grader.reviewNames`), and it read every name the check wrote. A correct
/// answer's file-scope `let timeout` in 20, `timeBudget` in 30 or `let clock` in 09 was refused
/// with "the check uses the name", untrue of each (session 53's note; fixed in session 55). So were
/// a check's parameters' and loops' names until session 56 (`ParameterBindings`). Where the tokens
/// leave a doubt (a shape those readings do not know), the name stays reserved.
package enum NotLookedUp {
    /// The positions in `tokens` of such names.
    package static func positions(in tokens: [SwiftTokenizer.Token]) -> Set<Int> {
        let closing = Parentheses.closings(in: tokens)
        let parameters = ParameterBindings.find(in: tokens, closing: closing)
        return labelsAndConditions(in: tokens).union(boundInAnOpenBlock(in: tokens, closing: closing))
            .union(parameters.labels).union(usedInTheirBodies(parameters.bindings, in: tokens, closing: closing))
    }

    /// Each parameter's or loop's name, and each use of it inside the body it is bound in: there
    /// the compiler finds the binding first, on any line (`func f(x: Int) { x }`).
    static func usedInTheirBodies(
        _ bindings: [ParameterBindings.Binding], in tokens: [SwiftTokenizer.Token], closing: [Int: Int]
    ) -> Set<Int> {
        guard !bindings.isEmpty else { return [] }
        let byName = Dictionary(grouping: bindings, by: \.name)
        var positions = Set(bindings.map(\.at).filter { tokens[$0].kind == .identifier })
        for index in tokens.indices where tokens[index].kind == .identifier {
            guard let candidates = byName[tokens[index].text] else { continue }
            if candidates.contains(where: { $0.block < index && index < (closing[$0.block] ?? tokens.count) }) {
                positions.insert(index)
            }
        }
        return positions
    }

    /// Each identifier bound by a `let`, a `var` or a closure's parameter inside a block, and each
    /// use of its name on a later line while that block is open.
    static func boundInAnOpenBlock(in tokens: [SwiftTokenizer.Token], closing: [Int: Int]) -> Set<Int> {
        // The bindings in blocks, by name: (binding, its block's `{`), which closes where `closing`
        // says (the end of the file for one left open).
        var open: [Int] = []
        var bindings: [String: [(at: Int, block: Int)]] = [:]
        for index in tokens.indices {
            let token = tokens[index]
            if token.kind == .punctuation, token.text == "{" { open.append(index) }
            if token.kind == .punctuation, token.text == "}" { _ = open.popLast() }
            if token.kind == .identifier, index > 0, let block = open.last,
                SourceScanner.isBinding(at: index, in: tokens)
            {
                bindings[token.text, default: []].append((index, block))
            }
        }
        var positions = Set<Int>()
        for index in tokens.indices where tokens[index].kind == .identifier {
            guard let candidates = bindings[tokens[index].text] else { continue }
            // The binding itself, or a use on a later line while its block is open: on the binding's
            // own line, `if let photos = photos` reads a `photos` from outside.
            let line = tokens[index].line
            if candidates.contains(where: {
                ($0.at == index || tokens[$0.at].line < line) && (closing[$0.block] ?? tokens.count) > index
            }) {
                positions.insert(index)
            }
        }
        return positions
    }

    /// Argument labels and the words of `#if` conditions.
    static func labelsAndConditions(in tokens: [SwiftTokenizer.Token]) -> Set<Int> {
        var positions = Set<Int>()
        var open: [String] = []
        var conditionLine: Int?
        for index in tokens.indices {
            let token = tokens[index]
            if token.kind == .punctuation {
                if ["(", "[", "{"].contains(token.text) { open.append(token.text) }
                if [")", "]", "}"].contains(token.text), !open.isEmpty { open.removeLast() }
                if token.text == "#", index + 1 < tokens.count, ["if", "elseif"].contains(tokens[index + 1].text) {
                    conditionLine = token.line
                }
                continue
            }
            guard token.kind == .identifier else { continue }
            if let line = conditionLine, token.line == line {
                positions.insert(index)
                continue
            }
            conditionLine = nil
            // A label: the first thing of an argument (after `(` or `,`, directly inside
            // parentheses) followed by `:`. Inside `[` the same shape is a dictionary's key, which
            // is looked up; after `?` it is a ternary's value.
            if open.last == "(", index > 0, ["(", ","].contains(tokens[index - 1].text),
                index + 1 < tokens.count, tokens[index + 1].text == ":"
            {
                positions.insert(index)
            }
        }
        return positions
    }
}
