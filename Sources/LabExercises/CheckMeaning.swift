/// Declarations that change what the check's own expressions mean without the check naming
/// them. The check imports the answer's module (`@testable import StudentCode`), so whatever
/// the answer declares at file scope joins the check's lookups: names the check writes are
/// reserved by `Grader.review`, but an operator is not a name, and the compiler looks some
/// names up by itself. A top-level `func >= (lhs: Duration, rhs: Duration) -> Bool { true }`
/// is more specific than the standard library's generic `Comparable.>=`, so the check's own
/// `elapsed >= .milliseconds(180)` would call it (found by an audit: it made a check pass).
/// Refused at file scope: operator functions, operator and precedence-group declarations, and
/// the literal types. An operator declared inside the answer's own type must take that type
/// (the compiler insists), so it cannot change a comparison of the check's values; extensions
/// of other types are refused by the scan already.
enum CheckMeaning {
    /// Names the compiler looks up for a literal: `typealias IntegerLiteralType = Double` in the
    /// answer's module would make every `1` of the check a `Double`.
    static let literalTypes: Set<String> = [
        "IntegerLiteralType", "FloatLiteralType", "BooleanLiteralType", "StringLiteralType", "UnicodeScalarType",
        "ExtendedGraphemeClusterType", "_MaxBuiltinIntegerType", "_MaxBuiltinFloatType",
    ]

    /// One finding per file-scope declaration that would change the check's meaning, unless the
    /// starting file declares the same (`allowed`: what the exercise asks for).
    static func findings(in tokens: [SwiftTokenizer.Token], allowed: Set<String>) -> [SourceScanner.Finding] {
        var depth = 0
        var findings: [SourceScanner.Finding] = []
        for (index, token) in tokens.enumerated() {
            if token.text == "{" { depth += 1 }
            if token.text == "}" { depth = max(0, depth - 1) }
            guard depth == 0, token.kind == .identifier, index + 1 < tokens.count else { continue }
            let next = tokens[index + 1]
            switch token.text {
            case "func" where next.kind == .punctuation:
                let name = operatorName(after: index, in: tokens)
                guard !allowed.contains(name) else { continue }
                findings.append(
                    SourceScanner.Finding(
                        code: "`func \(name)`", line: token.line,
                        reason:
                            "an operator declared outside your own types joins the check's own expressions and could change what \(name) means there; declare it as a static member of your type"
                    ))
            case "operator":
                let name = operatorName(after: index, in: tokens)
                findings.append(
                    SourceScanner.Finding(
                        code: "`operator \(name)`", line: token.line,
                        reason:
                            "declaring an operator changes how the check's expressions are read; use a named function"
                    ))
            case "precedencegroup":
                findings.append(
                    SourceScanner.Finding(
                        code: "`precedencegroup \(next.text)`", line: token.line,
                        reason:
                            "a precedence group changes how the check's expressions are read; use a named function"))
            case "typealias", "struct", "class", "enum", "actor", "protocol", "let", "var", "func":
                guard literalTypes.contains(next.text), !allowed.contains(next.text) else { continue }
                findings.append(
                    SourceScanner.Finding(
                        code: "`\(token.text) \(next.text)`", line: token.line,
                        reason:
                            "Swift looks \(next.text) up to type the literals of every file that imports yours, the check's included; rename yours"
                    ))
            default:
                continue
            }
        }
        return findings
    }

    /// `>=` from the one-character tokens after `func` or `operator`, up to its parameters.
    static func operatorName(after index: Int, in tokens: [SwiftTokenizer.Token]) -> String {
        var name = ""
        var next = index + 1
        while next < tokens.count, tokens[next].kind == .punctuation, tokens[next].line == tokens[index].line,
            !["(", "{", ":", ";"].contains(tokens[next].text)
        {
            name += tokens[next].text
            next += 1
        }
        return name.isEmpty ? tokens[min(index + 1, tokens.count - 1)].text : name
    }
}
