/// The types an answer may extend: the ones it declares itself, a `struct`, `class`, `enum`,
/// `actor` or `protocol` at file scope or nested in one (`Outer.Inner`, also when declared in an
/// `extension Outer`), and the starting file's. Never a `typealias` or an `associatedtype`, which
/// can name anyone's type: `enum Numbers { typealias Whole = Int }` makes
/// `extension Numbers.Whole` an extension of `Int`, where an `==` that always says yes changes
/// every comparison of the check's (an audit made four checks pass so). Each nested type is
/// known by its whole path, so an alias elsewhere of the same last name (`Photo.ID`) does not
/// make another type's nested `Album.ID` anyone's.
package struct OwnTypes {
    private let fileScope: Set<String>
    /// "Outer.Inner" for each nominal type declared inside another type or an extension of one.
    private let nested: Set<String>
    /// "Outer.Alias" for each typealias or associatedtype declared inside one.
    private let aliases: Set<String>
    /// The last name of every typealias or associatedtype, at file scope or inside a type.
    private let aliasNames: Set<String>

    init(declarations: [SourceScanner.Declaration], tokens: [SwiftTokenizer.Token], extendable: Set<String>) {
        fileScope = Set(declarations.filter { TypeNesting.typeKeywords.contains($0.keyword) }.map(\.name)).union(
            extendable)
        var nested: Set<String> = []
        var aliases: Set<String> = []
        // Each body is named by its type's whole path (`Outer.Inner`).
        var nesting = TypeNesting()
        for (index, token) in tokens.enumerated() {
            nesting.pass(token)
            if let path = nesting.readDeclaration(at: index, in: tokens, kinds: TypeNesting.typeKeywords) {
                if path.contains(".") { nested.insert(path) }
            } else if token.text == "typealias" || token.text == "associatedtype",
                let path = TypeNesting.path(declaredAt: index, in: tokens, within: nesting.innermost)
            {
                aliases.insert(path)
            }
        }
        self.nested = nested
        self.aliases = aliases
        aliasNames = Set(aliases.map { $0.split(separator: ".").last.map(String.init) ?? $0 })
    }

    /// Whether `spelled`, as `FileScopeNames.extendedType` reads an extension's type, is one of them.
    func contains(_ spelled: String) -> Bool {
        let path = spelled.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let first = path.first, path.allSatisfy(Self.isName), fileScope.contains(first) else { return false }
        guard path.count > 1 else { return true }
        return nested.contains(spelled) && !aliases.contains(spelled)
    }

    /// Whether a `typealias` or `associatedtype` of this last name is declared anywhere in the file.
    func declaresAlias(named name: String) -> Bool {
        aliasNames.contains(name)
    }

    private static func isName(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
}
