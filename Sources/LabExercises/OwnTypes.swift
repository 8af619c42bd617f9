/// The types an answer may extend: the ones it declares itself, a `struct`, `class`, `enum`,
/// `actor` or `protocol` at file scope or nested in one (`Outer.Inner`, also when declared in an
/// `extension Outer`), and the starting file's. Never a `typealias` or an `associatedtype`, which
/// can name anyone's type: `enum Numbers { typealias Whole = Int }` makes
/// `extension Numbers.Whole` an extension of `Int`, where an `==` that always says yes changes
/// every comparison of the check's (an audit made four checks pass so). Each nested type is
/// known by its whole path, so an alias elsewhere of the same last name (`Photo.ID`) does not
/// make another type's nested `Album.ID` anyone's.
struct OwnTypes {
    private let fileScope: Set<String>
    /// "Outer.Inner" for each nominal type declared inside another type or an extension of one.
    private let nested: Set<String>
    /// "Outer.Alias" for each typealias or associatedtype declared inside one.
    private let aliases: Set<String>

    init(declarations: [SourceScanner.Declaration], tokens: [SwiftTokenizer.Token], extendable: Set<String>) {
        fileScope = Set(declarations.filter { Self.nominal.contains($0.keyword) }.map(\.name)).union(extendable)
        var nested: Set<String> = []
        var aliases: Set<String> = []
        // The types whose bodies enclose the token, innermost last, with the depth of their `{`.
        var enclosing: [(path: String, depth: Int)] = []
        var pending: String?
        var depth = 0
        for (index, token) in tokens.enumerated() {
            if token.text == "{" {
                depth += 1
                if let path = pending { enclosing.append((path, depth)) }
                pending = nil
            }
            if token.text == "}" {
                if enclosing.last?.depth == depth { enclosing.removeLast() }
                depth = max(0, depth - 1)
            }
            guard token.kind == .identifier, index + 1 < tokens.count, tokens[index + 1].kind == .identifier,
                // `class func`, `class var`: a modifier, not a type.
                !["func", "var", "let", "subscript", "init"].contains(tokens[index + 1].text)
            else { continue }
            let name = tokens[index + 1].text
            let path = enclosing.last.map { "\($0.path).\(name)" } ?? name
            if Self.nominal.contains(token.text) {
                if !enclosing.isEmpty { nested.insert(path) }
                pending = path
            } else if token.text == "extension" {
                pending = FileScopeNames.extendedType(byExtensionAt: index, in: tokens)
            } else if token.text == "typealias" || token.text == "associatedtype" {
                aliases.insert(path)
            }
        }
        self.nested = nested
        self.aliases = aliases
    }

    private static let nominal: Set<String> = ["struct", "class", "enum", "actor", "protocol"]

    /// Whether `spelled`, as `FileScopeNames.extendedType` reads an extension's type, is one of them.
    func contains(_ spelled: String) -> Bool {
        let path = spelled.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let first = path.first, path.allSatisfy(Self.isName), fileScope.contains(first) else { return false }
        guard path.count > 1 else { return true }
        return nested.contains(spelled) && !aliases.contains(spelled)
    }

    private static func isName(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
}
