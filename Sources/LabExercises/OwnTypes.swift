/// The types an answer may extend: the ones it declares itself, a `struct`, `class`, `enum`,
/// `actor` or `protocol` at file scope or nested in one (`Outer.Inner`), and the starting
/// file's. Never a `typealias` or an `associatedtype`, which can name anyone's type:
/// `enum Numbers { typealias Whole = Int }` makes `extension Numbers.Whole` an extension of
/// `Int`, where an `==` that always says yes changes every comparison of the check's (an
/// audit made four checks pass so).
struct OwnTypes {
    private let fileScope: Set<String>
    private let nested: Set<String>
    private let aliases: Set<String>

    init(declarations: [SourceScanner.Declaration], tokens: [SwiftTokenizer.Token], extendable: Set<String>) {
        let nominal: Set<String> = ["struct", "class", "enum", "actor", "protocol"]
        fileScope = Set(declarations.filter { nominal.contains($0.keyword) }.map(\.name)).union(extendable)
        var nested: Set<String> = []
        var aliases: Set<String> = []
        for index in tokens.indices.dropLast() where tokens[index + 1].kind == .identifier {
            let keyword = tokens[index].text
            // `class func`, `class var`: a modifier, not a type.
            guard !["func", "var", "let", "subscript", "init"].contains(tokens[index + 1].text) else { continue }
            if nominal.contains(keyword) { nested.insert(tokens[index + 1].text) }
            if keyword == "typealias" || keyword == "associatedtype" { aliases.insert(tokens[index + 1].text) }
        }
        self.nested = nested
        self.aliases = aliases
    }

    /// Whether `spelled`, as `FileScopeNames.extendedType` reads an extension's type, is one of them.
    func contains(_ spelled: String) -> Bool {
        let path = spelled.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let first = path.first, path.allSatisfy(Self.isName), fileScope.contains(first) else { return false }
        return path.dropFirst().allSatisfy { nested.contains($0) && !aliases.contains($0) }
    }

    private static func isName(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
}
