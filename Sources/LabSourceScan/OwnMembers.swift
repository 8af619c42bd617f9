/// The names of an answer's own that a `.member` pattern (`.wait`, `.sync`, `.block`) may meet,
/// and that are not the system's blocking members: its functions (an actor's `sync(_:_:)` that
/// brings a cache in sync, a semaphore actor's `wait() async`), its async closure properties and
/// its enum cases (`.wait(download)`, which calls nothing). None where the code reaches a type whose
/// member of such a name blocks (`reachesBlockingTypes`): there `await queue.sync {}` beside an unrelated `func sync()
/// async` compiles on Linux (a warning) and blocks (an audit's answer), so the patterns judge
/// every such member as before.
package struct OwnMembers: Sendable {
    /// Its functions and async closure properties.
    let functions: Set<String>
    let cases: Set<String>

    static let none = OwnMembers(functions: [], cases: [])

    /// Whether the code has a member of this name of its own.
    package func declares(_ name: String) -> Bool { functions.contains(name) || cases.contains(name) }

    /// Types with a blocking member that a pattern names by member only.
    static let blockingReceivers: Set<String> = [
        "DispatchQueue", "DispatchGroup", "DispatchSemaphore", "DispatchWorkItem", "OperationQueue", "Operation",
        "BlockOperation", "NSCondition", "NSConditionLock", "Thread", "Process", "FileHandle",
    ]

    /// Types whose blocking members are few and known: naming one takes away the exemption of
    /// those members' names only. Every answer to 01 and 07 names `SimulatedWork` in its given
    /// signature, and an own `func wait() async` there was judged a group's wait (an audit's).
    static let knownBlockingMembers: [String: Set<String>] = ["SimulatedWork": ["block"]]

    private init(functions: Set<String>, cases: Set<String>) {
        self.functions = functions
        self.cases = cases
    }

    /// Whether the code reaches Dispatch or Foundation's threads at all: any name of theirs, by
    /// prefix too, since a type can be read off an API's signature without being written (an
    /// audit's generic helper took `DispatchQueue` from `DispatchSource.makeTimerSource(flags:queue:)`).
    static func reachesBlockingTypes(_ tokens: [SwiftTokenizer.Token]) -> Bool {
        tokens.contains {
            $0.kind == .identifier
                && (blockingReceivers.contains($0.text) || $0.text.hasPrefix("Dispatch")
                    || $0.text.hasPrefix("Operation") || $0.text.hasPrefix("NSCondition") || $0.text == "URLSession"
                    || $0.text == "RunLoop")
        }
    }

    package init(_ tokens: [SwiftTokenizer.Token]) {
        guard !Self.reachesBlockingTypes(tokens) else {
            self = .none
            return
        }
        var functions: Set<String> = []
        var cases: Set<String> = []
        for index in tokens.indices where index + 1 < tokens.count {
            let word = tokens[index].text
            let name = tokens[index + 1]
            guard name.kind == .identifier else { continue }
            switch word {
            case "func":
                functions.insert(name.text)
            case "let", "var":
                // `let wait: @Sendable () async -> Void`: an async closure property, on its line.
                let line = tokens[(index + 2)...].prefix { $0.line == name.line && $0.text != "=" && $0.text != "{" }
                if line.first?.text == ":", line.contains(where: { $0.text == "async" }) { functions.insert(name.text) }
            case "case":
                // `case ready(Photo), wait(Task<…>)`: a declaration (a pattern starts with `.` or `let`).
                var position = index + 1
                while position < tokens.count, tokens[position].kind == .identifier,
                    !["let", "var", "is", "_"].contains(tokens[position].text)
                {
                    cases.insert(tokens[position].text)
                    position += 1
                    // Past the payload, to a `,` and the next case's name.
                    if position < tokens.count, tokens[position].text == "(" {
                        position = Parentheses.closing(openedAt: position, in: tokens) + 1
                    }
                    guard position < tokens.count, tokens[position].text == "," else { break }
                    position += 1
                }
            default: break
            }
        }
        let named = Set(tokens.lazy.filter { $0.kind == .identifier }.map(\.text))
        let blocking = Self.knownBlockingMembers.filter { named.contains($0.key) }.values.reduce(into: Set<String>()) {
            $0.formUnion($1)
        }
        self.functions = functions.subtracting(blocking)
        self.cases = cases.subtracting(blocking)
    }
}
