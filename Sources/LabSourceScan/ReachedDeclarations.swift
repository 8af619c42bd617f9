/// The declarations of a file that `ReachedCode` can follow into: each body with what runs it
/// (its kind and name), the type it belongs to, and which of the file's own types each type
/// names, so that a member is followed only once its type can be in use.
package struct ReachedDeclarations {
    struct Body {
        enum Kind: Equatable {
            /// `func name`, run by `name(` (a `callAsFunction` also by a call of a value).
            case function
            /// `init`, `deinit`: run when the type is made; the name is the type's.
            case initializer, deinitializer
            /// A property with a body (computed, observed, a closure), run when named at all.
            case property
            /// A stored property's initial value, run when named or (a type's) when the type is made.
            case storedValue
            /// `subscript`, run by `[` after a value.
            case subscriptBody
            /// `static func ==`, run where its operator stands.
            case operatorFunction
        }

        let kind: Kind
        let name: String
        /// The file's own type it is declared in (or in an extension of); nil at file scope or in
        /// an extension of someone else's type, where it is followed by its name alone.
        let owner: String?
        let isAsync: Bool
        /// `@available(*, noasync)`: the compiler refuses it in async code.
        let isNoasync: Bool
        /// A function's argument labels (`for:from:`), to tell its overloads apart.
        let labels: String
        /// Its parameter list as Swift tells overloads apart: each label with its type, without
        /// internal names and default values (`_` and `Int` against `_` and `String`).
        let parameters: [Parameter]
        /// A property whose value may be called (`render(name)`): its type is a function's
        /// (`->`), one of the file's own types (a `callAsFunction`), or not written.
        let holdsFunction: Bool
        /// An initializer of a literal (`init(integerLiteral:)`), made by a literal without its type's name.
        let isLiteral: Bool
        /// The declaration's keyword, and the first and last token of what it runs.
        let keyword: Int
        let start: Int
        let end: Int
    }

    /// One parameter of a function: its label, its type as overloads compare (`some`, `any`,
    /// `@escaping`, `@Sendable` and spaces left out: either overload takes the same arguments)
    /// and whether it has a default value (a call may leave it out).
    struct Parameter: Equatable {
        let label: String
        let type: String
        let hasDefault: Bool
    }

    private(set) var bodies: [Body] = []
    /// The simple names of the types the file declares (`struct`, `class`, `enum`, `actor`, `protocol`).
    private(set) var ownTypes: Set<String> = []
    /// For each own type, the own types named in its declarations and extensions: their headers
    /// (inheritance clauses), stored values and member bodies.
    private(set) var mentions: [String: Set<String>] = [:]
    /// The own types named at file scope outside any function's or type's body (`let box = Box()`,
    /// `typealias B = Box`, `extension Int: Waiter`).
    private(set) var fileScopeMentions: Set<String> = []
    /// The names of every function declared (a call of another name may be a `callAsFunction`).
    private(set) var functionNames: Set<String> = []
    /// Every name that stands in the file other than where a declaration names itself (`func`,
    /// `var`, `let`, `case`): a member whose name is not among them is called, if at all, by a
    /// protocol or the runtime (`startIndex`, `dynamicallyCall`, `errorDescription`, a clock's
    /// `now`), one its type names (`calledByRuntime`).
    private(set) var namesUsed: Set<String> = []
    /// For each own type, the protocols of someone else's its header or an extension names other
    /// than markers (`ProtocolRequirements.markers`), `@dynamicCallable` and `@dynamicMemberLookup` too, and those of
    /// the own types and protocols it inherits from: the runtime may call their requirements.
    private(set) var protocolsNamed: [String: Set<String>] = [:]
    /// The own types whose header or an extension names a collection protocol (or an own one
    /// that refines it, however deep): the standard
    /// library indexes them (`for x in rendered` runs `subscript` without a `[` in the code).
    private(set) var collections: Set<String> = []

    init(_ tokens: [SwiftTokenizer.Token], closing: [Int: Int]) {
        for index in tokens.indices where TypeNesting.typeKeywords.contains(tokens[index].text) {
            if let path = TypeNesting.path(declaredAt: index, in: tokens, within: nil) { ownTypes.insert(path) }
        }
        // `typealias B = Box`: `B()` makes a Box, and `extension B` is Box's.
        for index in tokens.indices.dropLast() where tokens[index].text == "typealias" {
            let alias = tokens[index + 1].text
            let named = tokens[(index + 2)...].prefix { $0.line == tokens[index].line }.map(\.text).filter {
                ownTypes.contains($0)
            }
            guard !named.isEmpty else { continue }
            ownTypes.insert(alias)
            inherits[alias, default: []].formUnion(named)
            mentions[alias, default: []].formUnion(named)
            for type in named { mentions[type, default: []].insert(alias) }
        }
        var nesting = TypeNesting()
        for (index, token) in tokens.enumerated() {
            nesting.pass(token)
            _ = nesting.readDeclaration(at: index, in: tokens, kinds: TypeNesting.typeKeywords)
            guard token.kind == .identifier, index == 0 || tokens[index - 1].text != "." else { continue }
            let type = nesting.innermost.flatMap { $0.split(separator: ".").last.map(String.init) }
            let owner = type.flatMap { ownTypes.contains($0) ? $0 : nil }
            if TypeNesting.typeKeywords.contains(token.text) || token.text == "extension" {
                recordMentions(ofTypeAt: index, tokens, closing: closing)
            } else if let body = Self.body(
                at: index, tokens, closing: closing, type: type, owner: owner, nesting, ownTypes: ownTypes)
            {
                bodies.append(body)
                if body.kind == .function { functionNames.insert(body.name) }
            }
        }
        // A type conforming to a protocol of the file's that refines someone else's names that
        // one too (`protocol Sizes: Collection {}`, `struct Rendered: Sizes`), however deep.
        var changed = true
        while changed {
            changed = false
            for (type, inherited) in inherits {
                let named = inherited.reduce(into: protocolsNamed[type, default: []]) {
                    $0.formUnion(protocolsNamed[$1, default: []])
                }
                if named != protocolsNamed[type, default: []] {
                    protocolsNamed[type] = named
                    changed = true
                }
                if !collections.contains(type) && !inherited.isDisjoint(with: collections) {
                    collections.insert(type)
                    changed = true
                }
            }
        }
        fileScopeMentions = fileScope(tokens, closing: closing)
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
            if index > 0 && ["func", "var", "let", "case"].contains(tokens[index - 1].text) { continue }
            namesUsed.insert(token.text)
        }
    }

    /// A type's or an extension's header and body name these types; an extension of someone
    /// else's type says so at file scope (`extension Int: Waiter`), its body by its members.
    private mutating func recordMentions(ofTypeAt index: Int, _ tokens: [SwiftTokenizer.Token], closing: [Int: Int]) {
        let name: String
        if tokens[index].text == "extension" {
            let extended = FileScopeNames.extendedType(byExtensionAt: index, in: tokens)
            name = extended.split(separator: ".").last.map(String.init) ?? extended
        } else {
            guard let path = TypeNesting.path(declaredAt: index, in: tokens, within: nil) else { return }
            name = path
        }
        guard ownTypes.contains(name), let open = (index..<tokens.count).first(where: { tokens[$0].text == "{" })
        else { return }
        let end = closing[open] ?? open
        let own = ownTypes
        mentions[name, default: []].formUnion(tokens[(index + 2)...end].map(\.text).filter { own.contains($0) })
        inherits[name, default: []].formUnion(tokens[(index + 2)..<open].map(\.text).filter { own.contains($0) })
        let conformances = tokens[(index + 2)..<open].filter { $0.kind == .identifier && !own.contains($0.text) }
        if conformances.contains(where: { $0.text.hasSuffix("Collection") }) { collections.insert(name) }
        let attributes = tokens[max(0, index - 4)..<index].map(\.text).filter {
            ["dynamicCallable", "dynamicMemberLookup"].contains($0)
        }
        protocolsNamed[name, default: []].formUnion(
            conformances.map(\.text).filter { !ProtocolRequirements.markers.contains($0) } + attributes.map { "@" + $0 }
        )
    }

    /// Whether the runtime may call the member `body` of an own type by a protocol its type names
    /// (`protocolsNamed`): `.required` if one of them in `ProtocolRequirements` can require its name
    /// (`description`, `startIndex`), `.maybe` if only one not there (any member may be its).
    func calledByRuntime(_ body: Body) -> Requirement {
        guard let owner = body.owner else { return .no }
        var found = Requirement.no
        for named in protocolsNamed[owner, default: []] {
            guard let names = ProtocolRequirements.names(requiredBy: named) else {
                found = .maybe
                continue
            }
            if names.contains(body.name) { return .required }
        }
        return found
    }

    enum Requirement { case no, maybe, required }

    /// Whether an awaited call of the synchronous function `body` runs an async overload of it
    /// instead: one of the same type whose parameters take the same arguments (the same labels
    /// and types, as `Parameter` compares them, and any more with a default value). Swift prefers
    /// it in async code. With another type (`settle(_: Int)` beside `settle(_: String) async`),
    /// `await settle(40)` runs the synchronous one.
    func hasAsyncOverload(_ body: Body) -> Bool {
        bodies.contains {
            $0.kind == .function && $0.name == body.name && $0.isAsync && $0.owner == body.owner
                && Self.takesTheSameArguments($0.parameters, as: body.parameters)
        }
    }

    /// `parameters` take each argument `others` take, in order, and leave out only defaulted ones.
    static func takesTheSameArguments(_ parameters: [Parameter], as others: [Parameter]) -> Bool {
        var rest = others[...]
        for parameter in parameters {
            if let first = rest.first, first.label == parameter.label, first.type == parameter.type {
                rest = rest.dropFirst()
            } else if !parameter.hasDefault {
                return false
            }
        }
        return rest.isEmpty
    }

    /// For each own type, the own types its headers name (`class Sub: Base`, `extension S: P`):
    /// making one runs their initializers too (`super.init`, inherited or implicit).
    private(set) var inherits: [String: Set<String>] = [:]
    /// The own types named at file scope, outside the bodies and headers of types, extensions
    /// of own types and functions (a function's header counts once it is reached).
    private func fileScope(_ tokens: [SwiftTokenizer.Token], closing: [Int: Int]) -> Set<String> {
        var named: Set<String> = []
        var index = 0
        while index < tokens.count {
            let text = tokens[index].text
            let skipsHeader =
                TypeNesting.typeKeywords.contains(text) || ["func", "init", "deinit", "subscript"].contains(text)
                || (text == "extension"
                    && ownTypes.contains(
                        FileScopeNames.extendedType(byExtensionAt: index, in: tokens).split(separator: ".").last.map(
                            String.init) ?? ""))
            if text == "{" || (skipsHeader && (index == 0 || tokens[index - 1].text != ".")) {
                guard let open = (index..<tokens.count).first(where: { tokens[$0].text == "{" }) else { break }
                index = (closing[open] ?? tokens.count) + 1
                continue
            }
            if ownTypes.contains(text) { named.insert(text) }
            index += 1
        }
        return named
    }

    /// The body a declaration's keyword at `index` opens, if it is one `ReachedCode` follows.
    private static func body(
        at index: Int, _ tokens: [SwiftTokenizer.Token], closing: [Int: Int], type: String?, owner: String?,
        _ nesting: TypeNesting, ownTypes: Set<String>
    ) -> Body? {
        let next = index + 1 < tokens.count ? tokens[index + 1] : nil
        var name = next?.text ?? ""
        let kind: Body.Kind
        switch tokens[index].text {
        case "func" where next?.kind == .identifier:
            kind = .function
        case "func" where next?.kind == .punctuation:
            kind = .operatorFunction
            name = tokens[(index + 1)...].prefix { $0.kind == .punctuation && $0.text != "(" }.map(\.text).joined()
        case "init", "deinit":
            guard let type else { return nil }  // an `init` accessor or a stray keyword
            kind = tokens[index].text == "init" ? .initializer : .deinitializer
            name = type
        case "subscript":
            kind = .subscriptBody
        case "var", "let":
            // Not a binding in a condition (`if let photo = … {`): that brace is the `if`'s.
            guard next?.kind == .identifier,
                index == 0 || !["if", "guard", "while", "case", ",", "("].contains(tokens[index - 1].text)
            else { return nil }
            kind = .property
        default:
            return nil
        }
        let isCallable = kind != .property
        if let open = bodyBrace(after: index + (kind == .property ? 1 : 0), in: tokens, closing: closing, isCallable),
            let end = closing[open]
        {
            return Body(
                kind: kind, name: name, owner: owner,
                isAsync: AsyncContexts.declaresAsync(from: index, to: open, tokens, closing: closing),
                isNoasync: isNoasync(before: index, tokens),
                labels: labels(after: index, before: open, tokens, closing),
                parameters: parameters(after: index, before: open, tokens, closing),
                holdsFunction: kind == .property && holdsFunction(tokens[(index + 2)..<open], ownTypes: ownTypes),
                isLiteral: kind == .initializer && index + 2 < open && tokens[index + 2].text.hasSuffix("Literal"),
                keyword: index, start: open, end: end)
        }
        // A stored value, of a type or at file scope (a local one runs where it stands).
        guard kind == .property, nesting.depth == 0 || nesting.enclosing.last?.depth == nesting.depth else {
            return nil
        }
        return Body(
            kind: .storedValue, name: name, owner: owner, isAsync: false, isNoasync: false, labels: "",
            parameters: [], holdsFunction: true, isLiteral: false, keyword: index, start: index,
            end: statementEnd(from: index, tokens, closing: closing))
    }

    /// The `{` that opens the body of the declaration whose name is at `name`: the first brace
    /// after it outside parentheses, on the declaration's own lines (a stored property with no
    /// closure has none before the next line).
    private static func bodyBrace(
        after name: Int, in tokens: [SwiftTokenizer.Token], closing: [Int: Int], _ isCallable: Bool
    ) -> Int? {
        var index = name + 1
        while index < tokens.count {
            let text = tokens[index].text
            if text == "{" { return index }
            // A requirement without a body ends where the next declaration starts.
            if text == "}" || text == ";" || declarationKeywords.contains(text) { return nil }
            // A stored property's statement ends with its line, unless its value goes on.
            if !isCallable, tokens[index].line != tokens[name].line { return nil }
            if ["(", "["].contains(text), let close = closing[index] {
                index = close + 1
                continue
            }
            index += 1
        }
        return nil
    }

    /// The last token of a statement starting at `start`: its line, and any bracket opened on it.
    private static func statementEnd(from start: Int, _ tokens: [SwiftTokenizer.Token], closing: [Int: Int]) -> Int {
        var index = start
        while index + 1 < tokens.count {
            if ["(", "[", "{"].contains(tokens[index].text), let close = closing[index] { index = close }
            // A bracket that closes the file ends the statement with it (`let clock = ContinuousClock()`
            // as an answer's last line).
            guard index + 1 < tokens.count else { return index }
            let next = tokens[index + 1]
            if next.line != tokens[index].line || next.text == ";" || next.text == "}" { return index }
            index += 1
        }
        return index
    }

    /// `@available(*, noasync)` among the attributes before the keyword.
    private static func isNoasync(before keyword: Int, _ tokens: [SwiftTokenizer.Token]) -> Bool {
        var index = keyword - 1
        while index >= 0, !["{", "}", ";"].contains(tokens[index].text),
            !declarationKeywords.contains(tokens[index].text)
        {
            if tokens[index].text == "noasync" { return true }
            index -= 1
        }
        return false
    }

    /// The argument labels of the parameter list after `keyword`: `for:from:`, `_:`.
    private static func labels(
        after keyword: Int, before brace: Int, _ tokens: [SwiftTokenizer.Token], _ closing: [Int: Int]
    ) -> String {
        guard let open = (keyword..<brace).first(where: { tokens[$0].text == "(" }), let close = closing[open] else {
            return ""
        }
        var labels = ""
        var depth = 0
        var atStart = true
        for index in (open + 1)..<close {
            let text = tokens[index].text
            if atStart && depth == 0 { labels += text + ":" }
            atStart = false
            if ["(", "[", "<"].contains(text) { depth += 1 }
            if [")", "]"].contains(text) || (text == ">" && tokens[index - 1].text != "-") { depth -= 1 }
            if text == "," && depth == 0 { atStart = true }
        }
        return labels
    }

    /// A property's header after its name (`: Int`, `: (String) -> Int`, `= { … }()`): whether
    /// its value may be called.
    private static func holdsFunction(_ header: ArraySlice<SwiftTokenizer.Token>, ownTypes: Set<String>) -> Bool {
        guard header.first?.text == ":" else { return true }
        // The tokenizer splits `->`.
        return zip(header, header.dropFirst()).contains { $0.text == "-" && $1.text == ">" }
            || header.contains { ownTypes.contains($0.text) }
    }

    /// The parameter list after `keyword` as overloads differ: each label and type, without
    /// internal names (`_ ms: Int`) and default values (`= 40`), but whether there is one.
    private static func parameters(
        after keyword: Int, before brace: Int, _ tokens: [SwiftTokenizer.Token], _ closing: [Int: Int]
    ) -> [Parameter] {
        guard let open = (keyword..<brace).first(where: { tokens[$0].text == "(" }), let close = closing[open] else {
            return []
        }
        var parameters: [Parameter] = []
        var parameter: [String] = []
        var depth = 0
        for index in (open + 1)...close {
            let text = tokens[index].text
            if depth == 0 && (text == "," || index == close) {
                // `label name: Type = value`: the label, then the type up to the default value.
                if let colon = parameter.firstIndex(of: ":") {
                    let type = parameter[(colon + 1)...].prefix { $0 != "=" }
                    parameters.append(
                        Parameter(
                            label: parameter.first ?? "", type: Self.comparable(type),
                            hasDefault: parameter[(colon + 1)...].contains("=")))
                }
                parameter = []
                continue
            }
            parameter.append(text)
            if ["(", "[", "<"].contains(text) { depth += 1 }
            if [")", "]"].contains(text) || (text == ">" && tokens[index - 1].text != "-") { depth -= 1 }
        }
        return parameters
    }

    /// A parameter's type without what leaves the arguments it takes alike: `some P` and `any P`,
    /// `@escaping @Sendable (String) async -> Int` and `(String) async -> Int`.
    private static func comparable(_ type: ArraySlice<String>) -> String {
        var words: [String] = []
        for word in type where !["some", "any"].contains(word) {
            if words.last == "@" && ["escaping", "Sendable"].contains(word) {
                words.removeLast()
                continue
            }
            words.append(word)
        }
        return words.joined()
    }

    private static let declarationKeywords: Set<String> = [
        "func", "var", "let", "init", "deinit", "case", "subscript", "struct", "class", "enum", "actor", "extension",
        "protocol",
    ]
}
