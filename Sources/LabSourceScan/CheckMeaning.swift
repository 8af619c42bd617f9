/// Declarations that change what the check's own expressions mean without the check naming
/// them. The check imports the answer's module (`@testable import StudentCode`), so whatever
/// the answer declares at file scope joins the check's lookups: names the check writes are
/// reserved by `Grader.review`, but an operator is not a name, and the compiler looks some
/// names up by itself. A top-level `func >= (lhs: Duration, rhs: Duration) -> Bool { true }`
/// is more specific than the standard library's generic `Comparable.>=`, so the check's own
/// `elapsed >= .milliseconds(180)` would call it (found by an audit: it made a check pass).
/// Refused: an operator function, wherever it is declared, unless every one of its parameters
/// is a type the answer declares itself (a static member need take its own type only once:
/// `static func >= (lhs: Duration, rhs: Mine) -> Bool` inside `struct Mine` is found by the
/// check's `elapsed >= .milliseconds(180)` all the same, and wins over the generic one, found
/// by a review); operator, precedence-group and macro declarations; the literal types. Extensions
/// of other types are refused by the scan already.
package enum CheckMeaning {
    /// Names the compiler looks up for a literal: `typealias IntegerLiteralType = Double` in the
    /// answer's module would make every `1` of the check a `Double`.
    static let literalTypes: Set<String> = [
        "IntegerLiteralType", "FloatLiteralType", "BooleanLiteralType", "StringLiteralType", "UnicodeScalarType",
        "ExtendedGraphemeClusterType", "_MaxBuiltinIntegerType", "_MaxBuiltinFloatType",
    ]

    /// One finding per file-scope declaration that would change the check's meaning, unless the
    /// starting file declares the same (`allowed`: what the exercise asks for).
    static func findings(in tokens: [SwiftTokenizer.Token], allowed: Set<String>) -> [SourceScanner.Finding] {
        var findings: [SourceScanner.Finding] = []
        let fileScopeTypes = ownTypeNames(tokens)
        let nestedOwnTypes = OwnTypes(declarations: [], tokens: tokens, extendable: fileScopeTypes)
        var nesting = TypeNesting()
        for (index, token) in tokens.enumerated() {
            nesting.pass(token)
            guard token.kind == .identifier, index + 1 < tokens.count else { continue }
            let next = tokens[index + 1]
            // Each body by its type's whole path (`Outer.Inner`), as `OwnTypes` names them.
            _ = nesting.readDeclaration(at: index, in: tokens, kinds: ["struct", "class", "enum", "actor"])
            // An operator function at any depth: a type's static one is found by the check too.
            if token.text == "func", next.kind == .punctuation {
                let name = operatorName(after: index, in: tokens)
                let types = parameterTypes(after: index, in: tokens)
                let isOwn = { (type: String) in
                    ownParameter(type, inBodyOf: nesting.innermost, fileScope: fileScopeTypes, nested: nestedOwnTypes)
                }
                guard !allowed.contains(name),
                    isGeneric(after: index, in: tokens) || types.isEmpty || !types.allSatisfy(isOwn)
                else { continue }
                findings.append(
                    SourceScanner.Finding(
                        code: "`func \(name)`", line: token.line,
                        reason:
                            "an operator that takes a type your file does not declare joins the check's own expressions and could change what \(name) means there; give each of its parameters your own type, or use a named function"
                    ))
                continue
            }
            guard nesting.depth == 0 else { continue }
            switch token.text {
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
            case "macro":
                // The compiler expands macros the given code and the check never name: `@Observable`
                // writes `@ObservationTracked` on each property, a call of `withTaskGroup` writes `#isolation`.
                // In the given code (the answer's module) the answer's own macro of that name wins:
                // an audit's `macro ObservationTracked`, backed by the toolchain's
                // `ObservationIgnoredMacro`, switched off 30's given thermostat, and the check told a
                // correct display to register again. No exercise asks for a macro.
                // A macro declaration names itself, then its parameters (`macro X(…)`, `macro X<T>(…)`).
                guard next.kind == .identifier, index + 2 < tokens.count, ["(", "<"].contains(tokens[index + 2].text),
                    index == 0 || tokens[index - 1].text != ".", !allowed.contains(next.text)
                else { continue }
                findings.append(
                    SourceScanner.Finding(
                        code: "`macro \(next.text)`", line: token.line,
                        reason:
                            "a macro of yours could take the place of one the code given with the check expands without naming it (`@Observable` writes `@ObservationTracked`), or make one the check expands ambiguous (`withTaskGroup` writes `#isolation`); use a function"
                    ))
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

    /// Whether an operator's parameter type, spelled `type`, is the answer's own. At file scope:
    /// a type the file declares there, or a nested one by its whole path (`Outer.Inner`). In the
    /// body of one of the answer's types (or of an extension of one): `Self`, that type's last
    /// name (`Inner` inside `Outer.Inner`), or a nested type's whole path, unless the file
    /// declares an alias of that name (of the path's first name) anywhere: a member alias, or one
    /// a protocol of the file lends, is found before the type, and in an extension a file-scope
    /// one is. A member operator must take its type at least once (the compiler says so), so
    /// where the last name is an alias after all it does not compile.
    static func ownParameter(_ type: String, inBodyOf body: String?, fileScope: Set<String>, nested: OwnTypes)
        -> Bool
    {
        let names = type.split(separator: ".").map(String.init)
        guard let body else { return names.count > 1 ? nested.contains(type) : fileScope.contains(type) }
        guard nested.contains(body) else { return false }
        // A whole path (`Outer.Inner`) is read from its first name, which a member alias could be.
        if names.count > 1 { return nested.contains(type) && !nested.declaresAlias(named: names[0]) }
        let lastName = body.split(separator: ".").last.map(String.init)
        return type == "Self" || (type == lastName && !nested.declaresAlias(named: type))
    }

    /// The types the answer declares at file scope (`struct`, `class`, `enum`, `actor`; not a
    /// `typealias`, which can name anyone's type). Not a nested one: `enum Box { struct Duration {} }`
    /// leaves `Duration` at file scope the standard library's (a review's find).
    static func ownTypeNames(_ tokens: [SwiftTokenizer.Token]) -> Set<String> {
        var names: Set<String> = []
        var depth = 0
        for index in tokens.indices.dropLast() {
            if tokens[index].text == "{" { depth += 1 }
            if tokens[index].text == "}" { depth = max(0, depth - 1) }
            if depth == 0, ["struct", "class", "enum", "actor"].contains(tokens[index].text),
                tokens[index + 1].kind == .identifier
            {
                names.insert(tokens[index + 1].text)
            }
        }
        return names
    }

    /// `func >= <T: DurationProtocol>(…)`: a name between the operator and its parameters is a
    /// generic parameter, which could stand for any type (refused: a review's find).
    static func isGeneric(after index: Int, in tokens: [SwiftTokenizer.Token]) -> Bool {
        var next = index + 1
        while next < tokens.count, tokens[next].text != "(" {
            if tokens[next].kind == .identifier { return true }
            next += 1
        }
        return false
    }

    /// The named type of each parameter of the operator function declared at `index` (`inout`,
    /// attributes and generic arguments aside; an array, a tuple or a function type is no one's
    /// own): `(lhs: Duration, rhs: inout Mine?)` gives Duration and Mine, `(lhs: Box.Inner, …)`
    /// gives Box.Inner.
    static func parameterTypes(after index: Int, in tokens: [SwiftTokenizer.Token]) -> [String] {
        guard let open = tokens[index...].firstIndex(where: { $0.text == "(" }) else { return [] }
        var types: [String] = []
        var depth = 0
        var position = open
        while position < tokens.count {
            let text = tokens[position].text
            if text == "(" || text == "[" { depth += 1 }
            if text == ")" || text == "]" {
                depth -= 1
                if depth == 0 { break }
            }
            if depth == 1, text == ":" {
                var type = position + 1
                while type < tokens.count,
                    ["inout", "borrowing", "consuming", "@", "some", "any"].contains(tokens[type].text)
                        || (type > 0 && tokens[type - 1].text == "@")
                {
                    type += 1
                }
                guard type < tokens.count, tokens[type].kind == .identifier else {
                    types.append("(")
                    position += 1
                    continue
                }
                // `Outer.Inner`, whole: an alias nested in the answer's own type names anyone's type.
                var path = tokens[type].text
                while true {
                    // Generic arguments are left out, as an extension's reading leaves them out:
                    // `Wrap<Int>.Whole` is `Wrap.Whole` (a review's find).
                    if type + 1 < tokens.count, tokens[type + 1].text == "<" {
                        var angles = 0
                        repeat {
                            type += 1
                            if tokens[type].text == "<" { angles += 1 }
                            if tokens[type].text == ">" { angles -= 1 }
                        } while type + 1 < tokens.count && angles > 0
                    }
                    guard type + 2 < tokens.count, tokens[type + 1].text == ".", tokens[type + 2].kind == .identifier
                    else { break }
                    path += "." + tokens[type + 2].text
                    type += 2
                }
                types.append(path)
            }
            position += 1
        }
        return types
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
