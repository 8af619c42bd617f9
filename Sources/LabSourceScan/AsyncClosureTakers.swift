/// Which calls take an async closure, so that a closure given to them is an async context
/// even when it does not await (`Task {}`, `LessonVariant("…") { context in … }`).
extension AsyncContexts {
    /// Functions (by name) and types (by their initializers) declared in `tokens` with an
    /// async closure among their parameters: `init(_ name: String, run: @escaping (…) async throws -> Void)`.
    /// Calls are matched by name, so a system API of the same name whose closure is synchronous
    /// (`Clock.measure {}` beside the lab's `measure`) is taken for async too: that errs on reporting.
    /// `closing`: the tokens' `pairs`, when the caller has them already.
    static func declaredAsyncClosureTakers(
        in tokens: [SwiftTokenizer.Token], closing: [Int: Int]? = nil
    ) -> Set<String> {
        let closing = closing ?? pairs(tokens)
        var takers: Set<String> = []
        var enclosingType = ""
        for index in tokens.indices
        where tokens[index].kind == .identifier && (index == 0 || tokens[index - 1].text != ".") {
            let text = tokens[index].text
            if typeKeywords.contains(text), index + 1 < tokens.count, tokens[index + 1].kind == .identifier,
                !["func", "var", "let"].contains(tokens[index + 1].text)
            {
                enclosingType = tokens[index + 1].text
            }
            guard text == "func" || text == "init",
                let parameters = tokens[index...].prefix(12).firstIndex(where: { $0.text == "(" }),
                let end = closing[parameters],
                tokens[parameters..<end].contains(where: { $0.text == "async" })
            else { continue }
            let name = text == "func" ? tokens[index + 1].text : enclosingType
            if !name.isEmpty { takers.insert(name) }
        }
        return takers
    }
}
