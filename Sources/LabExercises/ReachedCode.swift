/// The lines of a file's code that a function can run: its whole body (closures in it too,
/// whichever thread they run on) and, followed by name, the bodies of the file's functions,
/// initializers and computed properties that body calls, and theirs in turn.
///
/// Why: some exercises ask that one function never block a thread at all (27's
/// `thumbnailSize`, 28's `loadWall`). The async-context scan rightly lets a synchronous
/// closure wait, since it may run on a thread of its own; but here a thread is a thread. An
/// audit's answer to 27 handed the wait to the health store's callback queue, whose closure
/// the scan read as synchronous, and another could call the old blocking bridge from there.
///
/// Calls are matched by name, without types (`x.helper(`, `helper {`, `Box(` for `Box`'s
/// initializers): a name declared twice reaches both declarations. A function used as a value
/// without a call (`let f = bridge`) is not followed: a bare name is too often a local value
/// of the same spelling (`for await (index, title) in group` beside the old `title(for:from:)`).
enum ReachedCode {
    /// The lines reached from the functions named `entry`, or none if the file declares none.
    static func lines(from entry: String, in tokens: [SwiftTokenizer.Token]) -> Set<Int> {
        let closing = AsyncContexts.pairs(tokens)
        let bodies = declaredBodies(in: tokens, closing: closing)
        var reached = Set<Int>()  // the `{` of each body reached
        var pending = bodies.called[entry] ?? []
        while let open = pending.popLast() {
            guard reached.insert(open).inserted, let close = closing[open] else { continue }
            for index in open..<close where tokens[index].kind == .identifier && index + 1 < tokens.count {
                let name = tokens[index].text
                // A property runs its body when named at all; a function or initializer when called.
                pending.append(contentsOf: bodies.read[name] ?? [])
                if ["(", "{"].contains(tokens[index + 1].text) {
                    pending.append(contentsOf: bodies.called[name] ?? [])
                }
            }
        }
        var lines = Set<Int>()
        for open in reached {
            guard let close = closing[open] else { continue }
            lines.formUnion(tokens[open].line...tokens[close].line)
        }
        return lines
    }

    /// The `{` of each body by the name that runs it: `called`, a function's by its name and an
    /// initializer's by its type's; `read`, a computed property's or a stored closure's by its name.
    static func declaredBodies(
        in tokens: [SwiftTokenizer.Token], closing: [Int: Int]
    ) -> (called: [String: [Int]], read: [String: [Int]]) {
        var called: [String: [Int]] = [:]
        var read: [String: [Int]] = [:]
        var nesting = TypeNesting()
        for (index, token) in tokens.enumerated() {
            nesting.pass(token)
            _ = nesting.readDeclaration(at: index, in: tokens, kinds: ["struct", "class", "enum", "actor"])
            switch token.text {
            case "func", "var", "let":
                // Not a binding in a condition (`if let photo = … {`): that brace is the `if`'s.
                guard index + 1 < tokens.count, tokens[index + 1].kind == .identifier,
                    index == 0 || !["if", "guard", "while", "case", ",", "("].contains(tokens[index - 1].text),
                    let open = bodyBrace(after: index + 1, in: tokens, closing: closing)
                else { continue }
                if token.text == "func" {
                    called[tokens[index + 1].text, default: []].append(open)
                } else {
                    read[tokens[index + 1].text, default: []].append(open)
                }
            case "init":
                // A declaration, not a call (`Box.init(`, `super.init(`).
                guard index == 0 || tokens[index - 1].text != ".",
                    let type = nesting.innermost?.split(separator: ".").last.map(String.init),
                    let open = bodyBrace(after: index, in: tokens, closing: closing)
                else { continue }
                called[type, default: []].append(open)
            default:
                continue
            }
        }
        return (called, read)
    }

    /// The `{` that opens the body of the declaration whose name is at `name`: the first brace
    /// after it outside parentheses, on the declaration's own lines (a stored property with no
    /// closure has none before the next line).
    private static func bodyBrace(after name: Int, in tokens: [SwiftTokenizer.Token], closing: [Int: Int]) -> Int? {
        var index = name + 1
        let isFunction = tokens[name].text == "init" || (name >= 1 && tokens[name - 1].text == "func")
        while index < tokens.count {
            let text = tokens[index].text
            if text == "{" { return index }
            // A requirement without a body ends where the next declaration starts.
            if text == "}" || text == ";" || declarationKeywords.contains(text) { return nil }
            // A stored property's statement ends with its line, unless its value goes on.
            if !isFunction, tokens[index].line != tokens[name].line { return nil }
            if ["(", "["].contains(text), let close = closing[index] {
                index = close + 1
                continue
            }
            index += 1
        }
        return nil
    }

    private static let declarationKeywords: Set<String> = [
        "func", "var", "let", "init", "case", "subscript", "struct", "class", "enum", "actor", "extension", "protocol",
    ]
}
