/// State an answer keeps between the check's calls, refused: a stored value at file scope or a
/// `static` one in a type, unless it is a constant written as a literal (`let limit = 3`,
/// `static let pause: Duration = .milliseconds(5)`) or the starting file declares the same name.
///
/// Why: a check calls the answer several times and measures something different each time (one
/// call alone, then several at once; a cancellation; an error path), so an answer that counts
/// its calls can do the right thing only where each measure looks. An audit's answers did so in
/// eight exercises (a `Mutex` or an actor at file scope counting calls: the first call waited and
/// the others returned at once; only the call that was cancelled ran structured; a failure
/// handled on the one call that failed). The exercises' own state lives in the types and values
/// the check hands the answer, which it creates afresh; an exercise about shared state declares
/// it in the starting file (23's `static var thumbnailWidth`).
enum KeptState {
    static let reason =
        "an answer keeps no state of its own between the check's calls: a file-scope or static stored value may only be a constant written as a literal (`let limit = 3`, `let pause: Duration = .milliseconds(5)`); keep the rest inside the function or in the types the exercise gives"

    /// One finding per stored declaration that keeps state; `allowed`: names the starting file
    /// (or the given code) declares.
    static func findings(_ tokens: [SwiftTokenizer.Token], allowed: Set<String>) -> [SourceScanner.Finding] {
        var findings: [SourceScanner.Finding] = []
        var depth = 0
        for (index, token) in tokens.enumerated() {
            if token.text == "{" { depth += 1 }
            if token.text == "}" { depth = max(0, depth - 1) }
            guard token.kind == .identifier, token.text == "let" || token.text == "var" else { continue }
            let isStatic = isStaticMember(at: index, in: tokens)
            guard depth == 0 || isStatic else { continue }
            var position = index + 1
            while position < tokens.count {
                let names = FileScopeNames.bound(pattern: &position, in: tokens)
                let end = FileScopeNames.bindingEnd(from: position, in: tokens)
                if !names.isEmpty, names.allSatisfy({ !allowed.contains($0.text) }),
                    keepsState(tokens[position..<end], isVar: token.text == "var")
                {
                    let keyword = isStatic ? "static \(token.text)" : token.text
                    findings.append(
                        .init(code: "`\(keyword) \(names[0].text)`", line: names[0].line, reason: reason))
                }
                guard end < tokens.count, tokens[end].text == "," else { break }
                position = end + 1
            }
        }
        return findings
    }

    /// Whether the `let` or `var` at `index` is a type's `static` (or `class`) member: the modifiers
    /// before it, on its line, name it so.
    static func isStaticMember(at index: Int, in tokens: [SwiftTokenizer.Token]) -> Bool {
        var position = index - 1
        while position >= 0, tokens[position].line == tokens[index].line,
            tokens[position].kind == .identifier
                || [")", "(", "@"].contains(tokens[position].text)
        {
            if tokens[position].text == "static" || tokens[position].text == "class" { return true }
            position -= 1
        }
        return false
    }

    /// Whether a binding (its type and value, after its pattern) keeps state. A `var` that stores
    /// does (`@MainActor var calls = 0` counts as well as a `Mutex`); a computed one (`var x: Int
    /// { 1 }`: no `=`, a body) does not. A `let` does unless its value is a constant of plain
    /// values: literals, tuples and their labels, members (`.milliseconds(5)`), the standard
    /// library's value types (`Dictionary<String, Int>()`, `ClosedRange<Double>(…)`), types in
    /// generic arguments or after `as`. A closure, a call of a function, or any other type (a
    /// `Mutex`, an actor, a type of the file's own, whose instance may hold state) keeps state.
    static func keepsState(_ binding: ArraySlice<SwiftTokenizer.Token>, isVar: Bool) -> Bool {
        guard let equals = binding.firstIndex(where: { $0.text == "=" }) else {
            // No value: a computed property, whose body runs at each read and stores nothing, or
            // a stored `var` of a type alone (`static var last: Int?`).
            return isVar && !binding.contains { $0.text == "{" }
        }
        if isVar { return true }
        let value = binding[(equals + 1)...]
        var angles = 0
        for index in value.indices {
            let token = value[index]
            if token.text == "{" { return true }
            if token.text == "as" { return false }  // the rest is a type
            if token.text == "<", index > value.startIndex, value[index - 1].kind == .identifier { angles += 1 }
            if token.text == ">", angles > 0 { angles -= 1 }
            guard token.kind == .identifier, angles == 0 else { continue }
            let member = index > value.startIndex && value[index - 1].text == "."
            let label = index + 1 < value.endIndex && value[index + 1].text == ":"
            if member || label || plainValues.contains(token.text) { continue }
            return true
        }
        return false
    }

    /// Names a constant may use: literals' words and the standard library's value types.
    static let plainValues: Set<String> = [
        "true", "false", "nil", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32",
        "UInt64", "Double", "Float", "Bool", "String", "Character", "Substring", "Array", "Dictionary", "Set",
        "ClosedRange", "Range", "Result", "Optional", "Duration", "TimeInterval", "Date", "URL", "UUID", "Never",
        "Void",
    ]
}
