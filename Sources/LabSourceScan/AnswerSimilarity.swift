/// Answers that are the same program up to names and layout: the reference solution
/// copied, or one student's answer copied by another. `lab grade` flags them in the class
/// report for the teacher to look at; it does not fail them (a short exercise has few
/// right answers, and two students may well write the same one).
///
/// Two answers match when their tokens (comments and whitespace gone, see SwiftTokenizer)
/// are equal after each name the answer declares itself is renamed by its first appearance
/// (`a`, `b`, … in order): renaming every variable, function and parameter and reflowing the
/// file hides nothing. The names it uses but does not declare (an API, a library's type) are
/// kept, so an answer that calls `withUnsafeThrowingContinuation` where the solution calls
/// `withCheckedThrowingContinuation` is a different program, not a copy; so is one whose string
/// literals say something else (another SQL statement).
package enum AnswerSimilarity {
    static func normalized(_ source: String) -> [String] {
        let tokens = SwiftTokenizer.tokens(of: source)
        let declared = declaredNames(tokens)
        var names: [String: Int] = [:]
        return tokens.map { token in
            switch token.kind {
            case .identifier where declared.contains(token.text):
                let index = names[token.text] ?? names.count
                names[token.text] = index
                return "#\(index)"
            // A literal by what it says: 19's mistakes differ from its solution only inside their
            // SQL, and were reported as copies of the solution beside their ✘.
            case .string:
                return token.text + token.literal
            case .number, .identifier, .punctuation:
                return token.text
            }
        }
    }

    /// The names a file gives: what follows `func`, `let`, `var`, a type's keyword or `case`
    /// (every name of a tuple pattern `let (a, b)`), a `for` loop's names before `in`, a
    /// parameter's name before its `:` in a declaration's parameter list, and a closure's
    /// parameters before its `in`.
    static func declaredNames(_ tokens: [SwiftTokenizer.Token]) -> Set<String> {
        let typeKeywords: Set<String> = [
            "class", "struct", "enum", "actor", "protocol", "typealias", "associatedtype", "case",
        ]
        func name(at index: Int) -> String? {
            guard index < tokens.count, tokens[index].kind == .identifier, !keywords.contains(tokens[index].text)
            else { return nil }
            return tokens[index].text
        }
        /// The names from `index` up to the first token that is not a name, a comma or a parenthesis.
        func pattern(from index: Int, until stop: String?) -> [String] {
            var found: [String] = []
            var index = index
            while index < tokens.count, tokens[index].text != stop {
                if let name = name(at: index) {
                    found.append(name)
                } else if ![",", "(", ")", "_", "case", "let", "var"].contains(tokens[index].text) {
                    break
                }
                index += 1
            }
            return found
        }
        var names: Set<String> = []
        for index in tokens.indices where tokens[index].kind == .identifier {
            switch tokens[index].text {
            case "func":
                if let declared = name(at: index + 1) { names.insert(declared) }
                names.formUnion(parameterNames(tokens, after: index + 1))
            case "init", "subscript":
                names.formUnion(parameterNames(tokens, after: index + 1))
            case "let", "var":
                if index + 1 < tokens.count, tokens[index + 1].text == "(" {
                    names.formUnion(pattern(from: index + 1, until: "="))
                } else if let declared = name(at: index + 1) {
                    names.insert(declared)
                }
            case "for":
                names.formUnion(pattern(from: index + 1, until: "in"))
            case let keyword where typeKeywords.contains(keyword):
                if let declared = name(at: index + 1) { names.insert(declared) }
            default: break
            }
        }
        for index in tokens.indices where tokens[index].text == "{" {
            names.formUnion(closureParameters(tokens, after: index + 1))
        }
        return names
    }

    /// `(_ model: M, label name: N)`: the names before each `:` at the list's own depth (the
    /// inner one where a label stands before it), from the `(` at or after `start`.
    private static func parameterNames(_ tokens: [SwiftTokenizer.Token], after start: Int) -> Set<String> {
        guard let open = tokens[start...].prefix(8).firstIndex(where: { $0.text == "(" }) else { return [] }
        var names: Set<String> = []
        var depth = 0
        for index in open..<tokens.count {
            switch tokens[index].text {
            case "(", "[": depth += 1  // not `<`: `->` is two tokens, its `>` would close nothing
            case ")", "]":
                depth -= 1
                if depth == 0 { return names }
            case ":" where depth == 1 && index > 0 && tokens[index - 1].kind == .identifier:
                names.insert(tokens[index - 1].text)
                // `label name:`: the label is the answer's own too.
                if index > 1, tokens[index - 2].kind == .identifier, tokens[index - 2].text != "_" {
                    names.insert(tokens[index - 2].text)
                }
            default: break
            }
        }
        return names
    }

    /// `{ a, b in`, `{ (a, b) in`, `{ [weak self] value in`: the names before `in`, when nothing
    /// but names, commas, parentheses and a capture list stand there.
    private static func closureParameters(_ tokens: [SwiftTokenizer.Token], after start: Int) -> Set<String> {
        var names: Set<String> = []
        var index = start
        if index < tokens.count, tokens[index].text == "[" {
            while index < tokens.count, tokens[index].text != "]" { index += 1 }
            index += 1
        }
        while index < tokens.count {
            let token = tokens[index]
            if token.text == "in" { return names }
            guard token.kind == .identifier || [",", "(", ")"].contains(token.text) else { return [] }
            if token.kind == .identifier, !keywords.contains(token.text) { names.insert(token.text) }
            index += 1
        }
        return []
    }

    /// Swift's keywords and the contextual ones that shape a program (renaming them would
    /// make `async let` and `let` the same).
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal",
        "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as", "Any",
        "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "async", "actor",
        "nonisolated",
        "isolated", "sending", "consuming", "borrowing", "some", "any", "get", "set", "willSet", "didSet", "mutating",
        "nonmutating", "lazy", "weak", "unowned", "final", "override", "required", "convenience", "indirect", "_",
    ]

    /// For each student with an answer, what it is identical to: the reference solution, or
    /// the other students with the same answer (by name).
    package static func matches(answers: [String: String], solution: String?) -> [String: String] {
        let reference = solution.map(normalized)
        var groups: [[String]: [String]] = [:]
        var flagged: [String: String] = [:]
        for (student, code) in answers {
            let shape = normalized(code)
            if shape == reference {
                flagged[student] = "identical to the reference solution (after renaming and reformatting)"
            } else {
                groups[shape, default: []].append(student)
            }
        }
        for students in groups.values where students.count > 1 {
            for student in students {
                let others = students.filter { $0 != student }.sorted()
                flagged[student] =
                    "identical to \(others.joined(separator: ", "))'s answer (after renaming and reformatting)"
            }
        }
        return flagged
    }
}
