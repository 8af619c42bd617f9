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
/// it in the starting file (23's `static var thumbnailWidth`), and there the answer may keep
/// state of its own too (`Grader.review`: a private `Mutex` behind the setting's name). (Escape hatches appear in this
/// file only as text; it uses none of them.)
package enum KeptState {
    static let reason =
        "an answer keeps no state of its own between the check's calls: a file-scope or static stored value may only be a constant written as a literal (`let limit = 3`, `let pause: Duration = .milliseconds(5)`); keep the rest inside the function or in the types the exercise gives"

    /// One finding per stored binding (`storedBindings`) that keeps state; `allowed`: names the starting file
    /// (or the given code) declares as stored at file scope or static.
    static func findings(
        _ stored: [StoredBinding], in tokens: [SwiftTokenizer.Token], allowed: Set<String>
    ) -> [SourceScanner.Finding] {
        stored.compactMap { binding in
            guard !binding.names.isEmpty, binding.names.allSatisfy({ !allowed.contains($0.text) }),
                keepsState(tokens[binding.rest], isVar: binding.keyword == "var"),
                !GlobalActorInstance.isAllowed(binding, in: tokens)
            else { return nil }
            let keyword = binding.isStatic ? "static \(binding.keyword)" : binding.keyword
            return .init(code: "`\(keyword) \(binding.names[0].text)`", line: binding.names[0].line, reason: reason)
        }
    }

    /// The names a file stores at file scope or as `static`s: what a starting file lets its
    /// answer keep (its locals are not: a local `count` allows no `static let count`).
    package static func storedNames(_ tokens: [SwiftTokenizer.Token]) -> Set<String> {
        Set(storedBindings(tokens).flatMap { $0.names.map(\.text) })
    }

    /// A binding of a file-scope or static `let`/`var`: its names (none for `_`), the tokens after
    /// its pattern (its type and value), and whether it ran past what the scan reads
    /// (`FileScopeNames.longestBinding`, which `UnreadableCode` refuses).
    struct StoredBinding {
        let keyword: String
        let isStatic: Bool
        let names: [SwiftTokenizer.Token]
        let line: Int
        let rest: Range<Int>
        let tooLong: Bool
    }

    /// Every such binding, in order: one reading for the kept-state rule and the length bound.
    static func storedBindings(_ tokens: [SwiftTokenizer.Token]) -> [StoredBinding] {
        var bindings: [StoredBinding] = []
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
                let (end, tooLong) = FileScopeNames.scanBinding(from: position, in: tokens)
                bindings.append(
                    StoredBinding(
                        keyword: token.text, isStatic: isStatic, names: names, line: token.line,
                        rest: position..<end, tooLong: tooLong))
                guard end < tokens.count, tokens[end].text == "," else { break }
                position = end + 1
            }
        }
        return bindings
    }

    /// Whether the `let` or `var` at `index` is a type's `static` (or `class`) member: the modifiers
    /// and attributes before it, on its line or the ones above (`@MainActor static` on a line of
    /// its own), name it so.
    static func isStaticMember(at index: Int, in tokens: [SwiftTokenizer.Token]) -> Bool {
        var position = index - 1
        while position >= 0 {
            let token = tokens[position]
            if token.text == "static" || token.text == "class" { return true }
            if token.text == ")" {
                // An attribute's or a modifier's arguments: `nonisolated(unsafe)`, `@available(…)`.
                position = Parentheses.opening(closedAt: position, in: tokens) - 1
                continue
            }
            if position > 0, tokens[position - 1].text == "@", token.kind == .identifier {
                position -= 2  // an attribute
                continue
            }
            guard modifiers.contains(token.text) else { return false }
            position -= 1
        }
        return false
    }

    static let modifiers: Set<String> = [
        "private", "fileprivate", "internal", "public", "open", "package", "final", "nonisolated", "lazy", "weak",
        "unowned", "override", "dynamic", "isolated", "distributed", "required", "convenience", "mutating",
        "nonmutating", "unsafe",
    ]

    /// Whether a binding (its type and value, after its pattern) keeps state. A `var` that stores
    /// does (`@MainActor var calls = 0` counts as well as a `Mutex`); a computed one (`var x: Int
    /// { 1 }`: no `=`, a body) does not. A `let` does unless its type and value are made of plain
    /// values: literals, tuples and their labels, members (`.milliseconds(5)`), and the standard
    /// library's value types, in generic arguments or after `as` too (`Dictionary<String, Int>()`,
    /// `(1, 2) as (Int, Int)`). A closure, a call of a function, or any other type (a `Mutex`, an
    /// actor, a type of the file's own, whose instance may hold state) keeps state.
    static func keepsState(_ binding: ArraySlice<SwiftTokenizer.Token>, isVar: Bool) -> Bool {
        guard let equals = binding.firstIndex(where: { $0.text == "=" }) else {
            // No value: a computed property, whose body runs at each read and stores nothing, or
            // a stored `var` of a type alone (`static var last: Int?`), observers and all (an
            // audit's `private var drinks: [Drink] { didSet { } }`, set in `init`, kept a log).
            guard isVar else { return false }
            guard let body = binding.firstIndex(where: { $0.text == "{" }) else { return true }
            return opensObservers(at: body, in: binding)
        }
        if isVar { return true }
        // The type written as well as the value: `let tally: Mutex<Int> = .init(0)` names its
        // type only there (a review's find), and generic arguments are types too
        // (`Array<Counter>(repeating: .init(), count: 1)`).
        for index in binding.indices {
            let token = binding[index]
            if token.text == "{" { return true }
            guard token.kind == .identifier else { continue }
            let member = index > binding.startIndex && binding[index - 1].text == "."
            let label = index + 1 < binding.endIndex && binding[index + 1].text == ":" && index > equals
            if member || label || plainValues.contains(token.text) || token.text == "as" { continue }
            return true
        }
        return false
    }

    /// Whether the `{` at `brace` opens a property's observers (`{ didSet { } }`): the property
    /// stores, as surely as one with a value (`GlobalActorInstance` asks too).
    static func opensObservers(at brace: Int, in tokens: ArraySlice<SwiftTokenizer.Token>) -> Bool {
        brace + 1 < tokens.endIndex && ["didSet", "willSet"].contains(tokens[brace + 1].text)
    }

    /// Names a constant may use: literals' words and the standard library's value types, the
    /// clocks too (`private let clock = ContinuousClock()` holds nothing between calls).
    static let plainValues: Set<String> = [
        "true", "false", "nil", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32",
        "UInt64", "Double", "Float", "Bool", "String", "Character", "Substring", "Array", "Dictionary", "Set",
        "ClosedRange", "Range", "Result", "Optional", "Duration", "TimeInterval", "Date", "URL", "UUID", "Never",
        "Void", "ContinuousClock", "SuspendingClock",
    ]
}
