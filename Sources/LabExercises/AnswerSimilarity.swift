/// Answers that are the same program up to names and layout: the reference solution
/// copied, or one student's answer copied by another. `lab grade` flags them in the class
/// report for the teacher to look at; it does not fail them (a short exercise has few
/// right answers, and two students may well write the same one).
///
/// Two answers match when their tokens (comments and whitespace gone, see SwiftTokenizer)
/// are equal after each identifier is renamed by its first appearance (`a`, `b`, … in
/// order), keywords kept: renaming every variable and reflowing the file hides nothing.
enum AnswerSimilarity {
    static func normalized(_ source: String) -> [String] {
        var names: [String: Int] = [:]
        return SwiftTokenizer.tokens(of: source).map { token in
            switch token.kind {
            case .identifier where !keywords.contains(token.text):
                let index = names[token.text] ?? names.count
                names[token.text] = index
                return "#\(index)"
            case .number, .string, .identifier, .punctuation:
                return token.text
            }
        }
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
    static func matches(answers: [String: String], solution: String?) -> [String: String] {
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
