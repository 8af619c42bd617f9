/// Where a file lets a type that should receive only values be handed one of the file's own
/// references (14: the store actor is to be given a value, not the model's shared log).
///
/// A reference here is an actor the file declares, a class it makes safe to share (one that
/// conforms to `Sendable`, or that an attribute such as `@MainActor` isolates), or a protocol
/// bound to one: one that inherits `AnyObject`, `Actor` or another such protocol, or that one of
/// those types adopts (an `any Readable` parameter hands over the shared object as surely as the
/// class's own name). A plain class is left to the compiler, which refuses to send it: in a
/// "make it compile" exercise that refusal is the lesson, and comes first.
/// Where a name of one appears in the receiving type's body, in a type nested in it, or in an
/// extension of it, that type can be handed the reference: a parameter, a stored property, a
/// cast. The tokens come with typealiases already resolved (`SourceScanner.Prepared`), so an
/// alias of the class is found by the class's name. Neither a shared object made safe by a
/// lock nor one made safe by an actor is a value: after the call, both sides see one object.
enum ReferencesHandedOver {
    /// Each place in `receiver`'s bodies that names one of the file's references (not `receiver`
    /// itself): the token's index.
    static func places(into receiver: String, in tokens: [SwiftTokenizer.Token]) -> [Int] {
        let references = referenceTypes(in: tokens).subtracting([receiver])
        guard !references.isEmpty else { return [] }
        var nesting = TypeNesting()
        var places: [Int] = []
        for (index, token) in tokens.enumerated() {
            nesting.pass(token)
            _ = nesting.readDeclaration(at: index, in: tokens, kinds: nominal)
            guard let body = nesting.innermost, body.split(separator: ".").first.map(String.init) == receiver,
                token.kind == .identifier, references.contains(token.text),
                index == 0 || tokens[index - 1].text != "."
            else { continue }
            places.append(index)
        }
        return places
    }

    private static let nominal: Set<String> = ["struct", "class", "enum", "actor", "protocol"]

    /// The names of the file's classes, actors and the protocols bound to them.
    static func referenceTypes(in tokens: [SwiftTokenizer.Token]) -> Set<String> {
        var references: Set<String> = []
        // Each protocol's inheritance clause, and each class's or actor's.
        var protocols: [String: [String]] = [:]
        var adopted: Set<String> = []
        for index in tokens.indices where nominal.contains(tokens[index].text) {
            guard let path = TypeNesting.path(declaredAt: index, in: tokens, within: nil) else { continue }
            let header = header(after: index + 1, in: tokens)
            switch tokens[index].text {
            case "actor":
                references.insert(path)
                adopted.formUnion(header)
            case "class" where header.contains("Sendable") || isolatedByAttribute(declarationAt: index, in: tokens):
                references.insert(path)
                adopted.formUnion(header)
            case "protocol": protocols[path] = header
            default: break
            }
        }
        // A protocol is bound to references through another one: repeat until nothing is added.
        var grew = true
        while grew {
            grew = false
            for (name, inherited) in protocols where !references.contains(name) {
                let bound =
                    adopted.contains(name)
                    || inherited.contains {
                        ["AnyObject", "Actor", "AnyActor", "class"].contains($0) || references.contains($0)
                    }
                if bound {
                    references.insert(name)
                    grew = true
                }
            }
        }
        return references
    }

    /// Attributes that say nothing of where a class's state may be touched.
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
                var depth = 0
                while position >= 0 {
                    if tokens[position].text == ")" { depth += 1 }
                    if tokens[position].text == "(" { depth -= 1 }
                    position -= 1
                    if depth == 0 { break }
                }
            } else if position >= 1, tokens[position - 1].text == "@", tokens[position].kind == .identifier {
                if !attributesOfNoIsolation.contains(text) { return true }
                position -= 2
            } else {
                return false
            }
        }
        return false
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
