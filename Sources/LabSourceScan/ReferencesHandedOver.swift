/// Where a file lets a type that should receive only values be handed one of the file's own
/// shared objects (14: the store actor is to be given a value, not the model's log).
///
/// A shared object here is an instance of an actor the file declares, or of a class whose state
/// is isolated somewhere (an attribute such as `@MainActor`, or a superclass or protocol that
/// brings one), or anything behind a protocol bound to those: one that inherits `AnyObject`,
/// `Actor` or another such protocol, that is isolated itself, or that one of those types adopts
/// (also in an extension). An `any Readable` parameter hands over the shared object as surely as
/// the class's own name. So does a function: a closure handed to the store reads the model's
/// object whenever it runs (an audit's answer kept a main-actor reader instead of the drinks).
/// Where one of these appears in the receiving type's body, in a type nested in it, or in an
/// extension of it, that type can be handed the object. The tokens come with typealiases already
/// resolved (`SourceScanner.Prepared`), so an alias is found by the type's own name.
///
/// Left alone: a plain class, which the compiler refuses to send (in a "make it compile"
/// exercise that refusal is the lesson, and comes first), and a checked `Sendable` class, which
/// Swift 6 allows only with constants: neither side can change what the other sees.
package enum ReferencesHandedOver {
    /// Each place in `receiver`'s bodies where it can be handed something that is not a value:
    /// one of the file's shared types named there; `MainActor` (but on a function that only
    /// listens); a type that can hold any object or read one on demand (`any Sendable`,
    /// `AsyncStream`, …) in a declaration's type, not in a return type or local code; a function
    /// type it can keep; and a generic parameter of the receiver's own, which can be anything.
    static func places(into receiver: String, in tokens: [SwiftTokenizer.Token]) -> [Int] {
        let shared = sharedTypes(in: tokens).subtracting([receiver])
        let closing = AsyncContexts.pairs(tokens)
        var nesting = TypeNesting()
        var places: [Int] = []
        for (index, token) in tokens.enumerated() {
            nesting.pass(token)
            if nesting.readDeclaration(at: index, in: tokens, kinds: TypeNesting.typeKeywords) == receiver,
                index + 3 < tokens.count, tokens[index + 2].text == "<"
            {
                places.append(index + 3)  // `actor DrinkStore<Source>`: reported by the parameter's name
                continue
            }
            guard let body = nesting.innermost, body.split(separator: ".").first.map(String.init) == receiver else {
                continue
            }
            // The tokenizer reads `->` as `-` then `>`.
            if token.text == "-", index + 1 < tokens.count, tokens[index + 1].text == ">" {
                if handsOverAFunction(arrowAt: index, in: tokens) { places.append(index) }
            } else if token.kind != .identifier || !isTypeName(at: index, in: tokens) {
                continue
            } else if shared.contains(token.text) {
                if !isOwnInstance(at: index, in: tokens) { places.append(index) }
            } else if token.text == "MainActor" {
                if !marksAListener(mainActorAt: index, in: tokens, closing: closing) { places.append(index) }
            } else if holdersOfAnything.contains(token.text),
                nesting.enclosing.last?.depth == nesting.depth,  // a declaration's, not local code
                !isInReturnType(index, in: tokens), !onlyMarksAValue(at: index, in: tokens)
            {
                places.append(index)
            }
        }
        return places
    }

    /// Types that can carry any object, or read one whenever asked: an existential of no
    /// protocol of the file's (`any Sendable` held an actor log, cast back by a helper outside
    /// the store) and a stream or sequence (an audit's `AsyncStream(unfolding:)` read the
    /// model's list at each `next()`; an `Observations` over the model's log, handed over, passed
    /// as well: its closure reads the log afresh for each iterator). Only where the store can be
    /// handed one: a stream the store makes and returns, or a continuation it yields to, reads
    /// nothing of the model's.
    static let holdersOfAnything: Set<String> = [
        "Any", "AnyObject", "Actor", "AnyActor", "Sendable", "AsyncStream", "AsyncThrowingStream", "AsyncSequence",
        "AsyncIteratorProtocol", "Observations",
    ]

    /// Whether the holder at `index` only marks or sends a value: `@Sendable`, a nested type's
    /// conformance (`struct Entry: Sendable {`), a value's extra bound (`some Collection<Drink> &
    /// Sendable`), or a stream's continuation (`AsyncStream<[Drink]>.Continuation`).
    private static func onlyMarksAValue(at index: Int, in tokens: [SwiftTokenizer.Token]) -> Bool {
        let text = tokens[index].text
        if text == "Sendable" {
            if index >= 1, ["@", "&"].contains(tokens[index - 1].text) { return true }
            if index + 1 < tokens.count, tokens[index + 1].text == "&" { return true }
        }
        if text.hasPrefix("Async"), index + 1 < tokens.count, tokens[index + 1].text == "<" {
            var depth = 0
            var position = index + 1
            while position < tokens.count {
                if tokens[position].text == "<" { depth += 1 }
                if tokens[position].text == ">" { depth -= 1 }
                if depth == 0 { break }
                position += 1
            }
            if position + 2 < tokens.count, tokens[position + 1].text == ".",
                tokens[position + 2].text == "Continuation"
            {
                return true
            }
        }
        var position = index - 1
        while position >= 0, tokens[position].line == tokens[index].line {
            let word = tokens[position].text
            if TypeNesting.typeKeywords.contains(word) || word == "extension" { return true }
            if ["<", "(", "=", "let", "var", "func", "case", "where", "any", "some"].contains(word) { return false }
            position -= 1
        }
        return false
    }

    /// Whether the name at `index` is in a declaration's return type: after its `->`, outside
    /// the parameters (`func updates() -> AsyncStream<[Drink]>`).
    private static func isInReturnType(_ index: Int, in tokens: [SwiftTokenizer.Token]) -> Bool {
        var depth = 0
        var position = index - 1
        while position >= 1, tokens[position].line == tokens[index].line {
            let text = tokens[position].text
            if [")", "]"].contains(text) { depth += 1 }
            if ["(", "["].contains(text) {
                if depth == 0 { return false }
                depth -= 1
            }
            if depth == 0, text == ">", tokens[position - 1].text == "-" { return true }
            if depth == 0, ["let", "var", ":", "{", "}"].contains(text) { return false }
            position -= 1
        }
        return false
    }

    /// Whether the `MainActor` at `index` is the attribute of a function type that only
    /// listens (`(@MainActor @Sendable ([Drink]) -> Void)?`: an observer told what was saved).
    private static func marksAListener(
        mainActorAt index: Int, in tokens: [SwiftTokenizer.Token], closing: [Int: Int]
    ) -> Bool {
        guard index >= 1, tokens[index - 1].text == "@" else { return false }
        var position = index + 1
        // Past the function type's other attributes and `sending`, to its parameters.
        while position + 1 < tokens.count, tokens[position].text == "@" { position += 2 }
        guard position < tokens.count, tokens[position].text == "(", var arrow = closing[position].map({ $0 + 1 })
        else { return false }
        while arrow < tokens.count, tokens[arrow].text == "async" { arrow += 1 }
        guard arrow + 1 < tokens.count, tokens[arrow].text == "-", tokens[arrow + 1].text == ">" else { return false }
        return onlyListens(arrowAt: arrow, in: tokens)
    }

    /// Whether the name at `index` stands for a type: not a member of a value (`s.Log`), and the
    /// last part of a nested type's path (`Log.Snapshot` is `Snapshot`).
    private static func isTypeName(at index: Int, in tokens: [SwiftTokenizer.Token]) -> Bool {
        if index + 2 < tokens.count, tokens[index + 1].text == ".", startsUppercase(tokens[index + 2]) { return false }
        guard index >= 2, tokens[index - 1].text == "." else { return true }
        return startsUppercase(tokens[index - 2])
    }

    private static func startsUppercase(_ token: SwiftTokenizer.Token) -> Bool {
        token.kind == .identifier && token.text.first?.isUppercase == true
    }

    /// Whether the `->` at `index` (its `-`) is a function type the receiver can keep: not a
    /// declaration's return arrow (`func f(…) async throws(E) ->`, `init`, `subscript`), not a
    /// closure's signature written in place (`{ a, b -> Bool in`), and not a parameter that is
    /// not `@escaping` (a predicate used during the call is kept by nobody).
    private static func handsOverAFunction(arrowAt index: Int, in tokens: [SwiftTokenizer.Token]) -> Bool {
        // A closure's signature: its `in` follows on the arrow's line, before any brace.
        var ahead = index + 2
        while ahead < tokens.count, tokens[ahead].line == tokens[index].line, !["{", "}"].contains(tokens[ahead].text) {
            if tokens[ahead].text == "in" { return false }
            ahead += 1
        }
        if onlyListens(arrowAt: index, in: tokens) || isOwnConstant(arrowAt: index, in: tokens) { return false }
        var position = index - 1
        while position >= 0 {
            let text = tokens[position].text
            if ["async", "throws", "rethrows"].contains(text) {
                position -= 1
            } else if text == ")", case let open = Parentheses.opening(closedAt: position, in: tokens), open >= 1,
                tokens[open - 1].text == "throws"
            {
                position = open - 1  // a typed throw's error type: `throws(StoreError)`
            } else {
                break
            }
        }
        if position >= 0, tokens[position].text == ")",
            isParameterClause(opening: Parentheses.opening(closedAt: position, in: tokens), in: tokens)
        {
            return false  // a return arrow
        }
        // A function type: in a parameter clause only when escaping; anywhere else it is kept.
        let open = Parentheses.enclosing(before: index, in: tokens)
        guard open >= 0, isParameterClause(opening: open, in: tokens) else { return true }
        // Its own parameter: from the last `,` at the clause's level before the arrow.
        var parameter = open
        var depth = 0
        for position in (open + 1)..<index {
            let text = tokens[position].text
            if text == "(" { depth += 1 }
            if text == ")" { depth -= 1 }
            if text == "," && depth == 0 { parameter = position }
        }
        return tokens[(parameter + 1)..<index].contains { $0.text == "escaping" }
    }

    /// Whether the function type whose `->` is at `index` can only be told something: it returns
    /// `Void` (or `()`), throws nothing, and takes no `inout` and no function, so whatever it
    /// reads stays on the side that wrote it (a store's observer, told what it saved).
    private static func onlyListens(arrowAt index: Int, in tokens: [SwiftTokenizer.Token]) -> Bool {
        let result = index + 2
        guard result < tokens.count else { return false }
        var after: Int
        if tokens[result].text == "Void" {
            after = result + 1
        } else if tokens[result].text == "(", result + 1 < tokens.count, tokens[result + 1].text == ")" {
            after = result + 2
        } else {
            return false
        }
        // Not a function that returns one (`() -> () -> [Drink]`).
        if after + 1 < tokens.count, tokens[after].text == "-", tokens[after + 1].text == ">" { return false }
        // Its parameters: back past `async` to the `)` that closes them.
        var close = index - 1
        while close >= 0, tokens[close].text == "async" { close -= 1 }
        guard close >= 1, tokens[close].text == ")" else { return false }
        let open = Parentheses.opening(closedAt: close, in: tokens)
        guard open >= 0, open == 0 || tokens[open - 1].text != "throws" else { return false }
        let parameters = tokens[(open + 1)..<close]
        if parameters.contains(where: { $0.text == "inout" }) { return false }
        return !zip(parameters, parameters.dropFirst()).contains { $0.text == "-" && $1.text == ">" }
    }

    /// Whether the `->` at `index` is in the type of a constant the store makes itself from a
    /// closure written in place (`private let byCaffeine: (Drink, Drink) -> Bool = { … }`): a
    /// `let` with a value is never handed anything, not even by a memberwise initializer.
    private static func isOwnConstant(arrowAt index: Int, in tokens: [SwiftTokenizer.Token]) -> Bool {
        var start = index - 1
        while start >= 0, tokens[start].line == tokens[index].line,
            !["let", "var", "{", "}", ";"].contains(tokens[start].text)
        {
            start -= 1
        }
        guard start >= 0, tokens[start].text == "let" else { return false }
        var position = index + 2
        var depth = 0
        while position + 1 < tokens.count {
            let text = tokens[position].text
            if ["(", "["].contains(text) { depth += 1 }
            if [")", "]"].contains(text) { depth -= 1 }
            if text == "=" && depth == 0 { return tokens[position + 1].text == "{" }
            if text == "{" || text == "}" || tokens[position].line != tokens[index].line { return false }
            position += 1
        }
        return false
    }

    /// Whether the type name at `index` is in a private constant the receiver makes itself, with
    /// nothing passed in (`private let shelf = Shelf()`, `private let shelf: Shelf = .init()`): an
    /// actor of its own that no one else holds (an audit's store kept its drinks in one, a value
    /// given, and was told it was handed a shared object). A `let` with a value is never assigned
    /// again, and a private one is reached by no one outside; one it returns, or takes, is still found.
    private static func isOwnInstance(at index: Int, in tokens: [SwiftTokenizer.Token]) -> Bool {
        let line = tokens[index].line
        let words = tokens.indices.filter { tokens[$0].line == line }
        guard let first = words.first, let last = words.last else { return false }
        let texts = words.map { tokens[$0].text }
        // `private`/`fileprivate` (with `nonisolated` or `final` beside it), `let`, a name.
        var position = 0
        var isPrivate = false
        while position < texts.count, ["private", "fileprivate", "nonisolated", "final"].contains(texts[position]) {
            if texts[position].hasSuffix("private") { isPrivate = true }
            position += 1
        }
        guard isPrivate, position + 1 < texts.count, texts[position] == "let",
            tokens[first + position + 1].kind == .identifier
        else { return false }
        position += 2
        let name = tokens[index].text
        if position + 1 < texts.count, texts[position] == ":", texts[position + 1] == name { position += 2 }
        // `= Name()` or `= .init()`, and nothing after it on the line.
        guard position < texts.count, texts[position] == "=" else { return false }
        let made = Array(texts[(position + 1)...])
        guard made == [name, "(", ")"] || made == [".", "init", "(", ")"] || made == [name, ".", "init", "(", ")"]
        else { return false }
        return first <= index && index <= last
    }

    /// Whether the `(` at `open` opens a declaration's parameters: after `func name`, `init`,
    /// `init?`, `subscript`, or a generic clause's `>`.
    private static func isParameterClause(opening open: Int, in tokens: [SwiftTokenizer.Token]) -> Bool {
        guard open >= 1 else { return false }
        let before = tokens[open - 1].text
        if ["init", "subscript", ">"].contains(before) { return true }
        if ["?", "!"].contains(before), open >= 2, tokens[open - 2].text == "init" { return true }
        return open >= 2 && tokens[open - 2].text == "func"
    }

    /// The names of the file's actors, isolated classes, and the protocols bound to them.
    static func sharedTypes(in tokens: [SwiftTokenizer.Token]) -> Set<String> {
        struct Declared {
            let keyword: String
            let name: String
            let header: [String]
            let isolated: Bool
            /// Its generic parameters: a type that stores one can hold anything (an audit's
            /// `struct Box<Value: Sendable> { let value: Value }` carried the model's log).
            let generics: Set<String>
        }
        var declared: [Declared] = []
        // Each typealias and what it stands for, on its line: an alias of a function type is one
        // the store can keep (an audit's `typealias DrinkReader = @Sendable () async -> [Drink]`).
        var aliases: [(name: String, words: [String])] = []
        for index in tokens.indices where tokens[index].text == "typealias" && index + 1 < tokens.count {
            let line = tokens[(index + 2)...].prefix { $0.line == tokens[index + 1].line }
            aliases.append((tokens[index + 1].text, line.map(\.text)))
        }
        // Each extension's type and the protocols it adopts there.
        var extended: [(name: String, adopts: [String])] = []
        for index in tokens.indices {
            let keyword = tokens[index].text
            if keyword == "extension", index + 1 < tokens.count {
                extended.append(
                    (
                        FileScopeNames.extendedType(byExtensionAt: index, in: tokens),
                        header(after: index + 1, in: tokens)
                    ))
                continue
            }
            guard TypeNesting.typeKeywords.contains(keyword),
                let name = TypeNesting.path(declaredAt: index, in: tokens, within: nil)
            else { continue }
            declared.append(
                Declared(
                    keyword: keyword, name: name, header: header(after: index + 1, in: tokens),
                    isolated: isolatedByAttribute(declarationAt: index, in: tokens),
                    generics: genericParameters(after: index + 1, in: tokens)))
        }
        // What each type stores (its `let`s' and `var`s' types, its cases' payloads): a struct
        // or a plain class that stores a shared object hands it over with itself (an audit's
        // `Sendable` wrapper kept an actor log, and the store read the model's drinks through it).
        var stored: [String: Set<String>] = [:]
        var nesting = TypeNesting()
        for (index, token) in tokens.enumerated() {
            nesting.pass(token)
            _ = nesting.readDeclaration(at: index, in: tokens, kinds: TypeNesting.typeKeywords)
            guard ["let", "var", "case"].contains(token.text), let body = nesting.enclosing.last,
                body.depth == nesting.depth
            else { continue }
            let name = String(body.name.split(separator: ".").last ?? "")
            var position = index + 1
            // To the line's end or a computed body: a type annotation, or the value it starts with.
            while position < tokens.count, tokens[position].line == token.line, tokens[position].text != "{" {
                if tokens[position].kind == .identifier, tokens[position - 1].text != "@" {
                    stored[name, default: []].insert(tokens[position].text)
                }
                // A stored function reads whatever it captured (an audit's `struct DrinkLog:
                // Sendable { let read: @Sendable () async -> [Drink] }` read the model's list).
                if tokens[position].text == "-", position + 1 < tokens.count, tokens[position + 1].text == ">",
                    !onlyListens(arrowAt: position, in: tokens), !isOwnConstant(arrowAt: position, in: tokens)
                {
                    stored[name, default: []].insert(storedFunction)
                }
                position += 1
            }
        }
        var shared = Set(
            declared.filter { $0.keyword == "actor" || ($0.keyword != "struct" && $0.keyword != "enum" && $0.isolated) }
                .map(\.name))
        // What a stored property may hold besides the file's shared types: a wrapper that stores
        // `any Sendable` or a function hands over what it holds. (Not a header's: a protocol that
        // refines `Sendable` or a class that adopts it says nothing of sharing.)
        let holding = holdersOfAnything.union([storedFunction])
        // Until nothing is added: a class isolated through its superclass or a protocol, a
        // protocol bound to shared types or adopted by one.
        var grew = true
        while grew {
            grew = false
            for type in declared where !shared.contains(type.name) {
                let joins: Bool
                switch type.keyword {
                case "class":
                    joins =
                        type.header.contains { shared.contains($0) }
                        || !(stored[type.name] ?? []).isDisjoint(with: shared.union(holding).union(type.generics))
                case "struct", "enum":
                    joins = !(stored[type.name] ?? []).isDisjoint(with: shared.union(holding).union(type.generics))
                case "protocol":
                    joins =
                        type.header.contains {
                            ["AnyObject", "Actor", "AnyActor", "class"].contains($0) || shared.contains($0)
                        }
                        || declared.contains { shared.contains($0.name) && $0.header.contains(type.name) }
                        || extended.contains { shared.contains($0.name) && $0.adopts.contains(type.name) }
                default: joins = false
                }
                if joins {
                    shared.insert(type.name)
                    grew = true
                }
            }
            for alias in aliases where !shared.contains(alias.name) {
                let function = zip(alias.words, alias.words.dropFirst()).contains { $0 == "-" && $1 == ">" }
                if function || alias.words.contains(where: { shared.contains($0) || holdersOfAnything.contains($0) }) {
                    shared.insert(alias.name)
                    grew = true
                }
            }
        }
        return shared
    }

    /// What a type's stored properties are noted to hold when one is a function.
    private static let storedFunction = "->"

    /// Attributes that say nothing of where a type's state may be touched.
    private static let attributesOfNoIsolation: Set<String> = [
        "available", "objc", "objcMembers", "frozen", "usableFromInline", "dynamicMemberLookup",
        "dynamicCallable", "propertyWrapper", "resultBuilder", "Observable", "preconcurrency",
    ]

    /// Whether an attribute before the declaration at `index` (past its modifiers) names a global
    /// actor or another isolation: any attribute but the ones of no isolation.
    private static func isolatedByAttribute(declarationAt index: Int, in tokens: [SwiftTokenizer.Token]) -> Bool {
        let modifiers: Set<String> = [
            "final", "public", "private", "fileprivate", "internal", "open", "package", "nonisolated",
        ]
        var position = index - 1
        while position >= 0 {
            let text = tokens[position].text
            if modifiers.contains(text) {
                position -= 1
            } else if text == ")" {  // an attribute's or a modifier's arguments: `@available(…)`, `private(set)`
                position = Parentheses.opening(closedAt: position, in: tokens) - 1
            } else if position >= 1, tokens[position - 1].text == "@", tokens[position].kind == .identifier {
                if !attributesOfNoIsolation.contains(text) { return true }
                position -= 2
            } else {
                return false
            }
        }
        return false
    }

    /// The names of the generic parameters declared right after the name at `name`
    /// (`Box<Value: Sendable, Key>`: Value and Key), or none.
    private static func genericParameters(after name: Int, in tokens: [SwiftTokenizer.Token]) -> Set<String> {
        guard name + 1 < tokens.count, tokens[name + 1].text == "<" else { return [] }
        var names: Set<String> = []
        var depth = 0
        var index = name + 1
        while index < tokens.count {
            let text = tokens[index].text
            if text == "<" { depth += 1 }
            if text == ">" { depth -= 1 }
            if depth == 0 || text == "{" { break }
            // A parameter's name follows the `<` or a `,` at the clause's own level.
            if depth == 1, ["<", ","].contains(text), index + 1 < tokens.count, tokens[index + 1].kind == .identifier {
                names.insert(tokens[index + 1].text)
            }
            index += 1
        }
        return names
    }

    /// The words of a declaration's header after its name, up to the `{` that opens its body.
    private static func header(after name: Int, in tokens: [SwiftTokenizer.Token]) -> [String] {
        var words: [String] = []
        var index = name + 1
        while index < tokens.count, tokens[index].text != "{" {
            if tokens[index].kind == .identifier { words.append(tokens[index].text) }
            index += 1
        }
        return words
    }
}
