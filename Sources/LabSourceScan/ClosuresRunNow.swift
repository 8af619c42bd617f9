/// Calls whose closure runs before the call returns, on the caller's thread: a wait inside it
/// blocks the caller as a wait in the caller's own body does.
///
/// Why: the scan follows a synchronous function that blocks into its async callers, but it
/// used to read only the function's own level, not its closures (a closure may run later, on
/// another thread: `Thread { … }`, `queue.async { … }`). The inventory's database opened inside
/// `translatingErrors { … }`, which runs its closure at once, and slept there between retries
/// of a busy file: unseen, in every async function that made a store (until session 50).
///
/// Without types, a call is known by name: the standard library's that take a non-escaping
/// closure, and the code's own synchronous functions declared once whose closure parameters
/// are all non-escaping (`func translatingErrors<T>(_ body: () throws -> T) throws -> T`).
/// A name the code also declares with an `@escaping` (or optional) closure is left out: a call
/// cannot tell which. A lazy collection's `map` runs later: `xs.lazy.map {` is not `map` here
/// (`AsyncContexts.callee` names it `lazy.map`).
package enum ClosuresRunNow {
    static let standard: Set<String> = [
        "map", "compactMap", "flatMap", "filter", "forEach", "reduce", "contains", "first", "firstIndex",
        "last", "lastIndex", "allSatisfy", "sorted", "sort", "min", "max", "count", "mapValues",
        "compactMapValues", "partition", "removeAll", "drop", "prefix", "Result", "withLock",
        "withLockIfAvailable", "withExtendedLifetime", "withoutActuallyEscaping", "withUnsafeBufferPointer",
        "withUnsafeMutableBufferPointer", "withUnsafeBytes", "withUnsafeMutableBytes", "withUnsafePointer",
        "withUnsafeMutablePointer", "withUnsafeTemporaryAllocation", "withContiguousStorageIfAvailable",
        "withCString", "autoreleasepool",
    ]

    /// The names of calls in `files` whose closure runs now.
    static func takers(in files: [ScannedSwiftFile]) -> Set<String> {
        var runNow: [String: Int] = [:]
        var other: Set<String> = []
        for file in files {
            let tokens = file.tokens
            for keyword in tokens.indices where tokens[keyword].text == "func" && keyword + 1 < tokens.count {
                let name = tokens[keyword + 1].text
                switch closureParameters(of: keyword, tokens, closing: file.closing) {
                case .runNow: runNow[name, default: 0] += 1
                case .escapingOrAsync: other.insert(name)
                case .none: runNow[name, default: 0] += 2  // declared again: ambiguous if it also takes a closure
                }
            }
        }
        let own = Set(runNow.filter { $0.value == 1 }.keys).subtracting(other)
        return standard.subtracting(other).union(own)
    }

    enum Parameters { case runNow, escapingOrAsync, none }

    /// What the closure parameters of the `func` at `keyword` are: every one non-escaping in a
    /// synchronous function, or some escaping (or the function async), or none at all.
    static func closureParameters(of keyword: Int, _ tokens: [SwiftTokenizer.Token], closing: [Int: Int])
        -> Parameters
    {
        guard let open = (keyword..<min(tokens.count, keyword + 64)).first(where: { tokens[$0].text == "(" }),
            let close = closing[open]
        else { return .none }
        let parameters = (open + 1)..<close
        // `->` is two tokens, `-` and `>`: a function type among the parameters.
        let takesClosure = parameters.contains { tokens[$0].text == "-" && tokens[$0 + 1].text == ">" }
        guard takesClosure else { return .none }
        // `@escaping`, or an optional closure, `(() -> Void)?`, which escapes without saying so.
        let optionalClosure = parameters.contains { index in
            guard tokens[index].text == "(", let end = closing[index], end + 1 < close, tokens[end + 1].text == "?"
            else { return false }
            return (index..<end).contains { tokens[$0].text == "-" && tokens[$0 + 1].text == ">" }
        }
        if optionalClosure || parameters.contains(where: { tokens[$0].text == "escaping" }) {
            return .escapingOrAsync
        }
        var index = close + 1
        while index < tokens.count, tokens[index].text != "{", tokens[index].text != "-" {
            if tokens[index].text == "async" { return .escapingOrAsync }
            index += 1
        }
        return .runNow
    }
}
