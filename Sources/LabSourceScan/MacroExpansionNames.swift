/// Names the compiler writes into the code a macro expands to, which the text that uses the
/// macro never spells. The given code is compiled into the answer's module, where the answer's
/// own declarations win over every import, so a file-scope declaration of one of these names is
/// found by the given code's expansion as if the given code had written it: an audit's
/// `protocol Equatable: Swift.Equatable {}` beside 30's given `@Observable` thermostat made it
/// tell of every assignment, an unchanged target included. Until the support's names were left
/// out of the reserved ones (session 53), its text happened to hold `Equatable` and `Bool`;
/// `KeyPath` and `AnyObject` were never reserved. Read from Swift 6.3.1's expansion
/// (`swiftc -typecheck -Xfrontend -dump-macro-expansions`). Macros of the answer's own, which
/// could take the place of `@ObservationTracked`, are refused by `CheckMeaning`.
package enum MacroExpansionNames {
    /// By the macro's name: `@Observable` adds `@ObservationTracked` and `@ObservationIgnored` to
    /// its type's properties, an `Observation.ObservationRegistrar`, `access(keyPath:)` on a
    /// `KeyPath`, and `shouldNotifyObservers` for `Equatable` and `AnyObject` values, returning `Bool`.
    static let byMacro: [String: Set<String>] = [
        "Observable": [
            "ObservationTracked", "ObservationIgnored", "Observation", "KeyPath", "Equatable", "AnyObject", "Bool",
        ]
    ]

    /// The names the expansions of the macros `tokens` name look up. By the macro's name wherever
    /// it appears (`@Observable`, `@Observation.Observable`, a mention in a type's conformances):
    /// one name too many at worst, never one too few.
    package static func names(in tokens: [SwiftTokenizer.Token]) -> Set<String> {
        tokens.reduce(into: []) { names, token in
            if token.kind == .identifier, let expanded = byMacro[token.text] { names.formUnion(expanded) }
        }
    }
}
