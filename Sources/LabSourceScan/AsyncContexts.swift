/// Which tokens of a Swift file run in an async context, found from the code's
/// structure (braces and the keywords that open them), the way the compiler decides
/// where `noasync` APIs are refused:
/// - the body of a `func`, `init` or accessor declared `async`;
/// - a closure that is async: its signature says `async`, it awaits at its own level
///   (`await`, `for await`, `async let`), or it is given to an API whose closure is
///   async (`Task {}`, `Task.detached {}`, `group.addTask {}`, `withTaskGroup {}`…);
/// - `main.swift`'s top level when it awaits;
/// - control-flow blocks (`if`, `for`, `do`, `defer`…) inside any of these.
/// A synchronous nested function, a type body or a closure that neither awaits nor is
/// given to such an API (`.map {}`, `withLock {}`, `MainActor.run {}`) is synchronous,
/// even inside an async function: the compiler allows `noasync` calls there, and that is
/// where code that must ask such a question belongs.
///
/// For the lab's own code, which must not block in async code by its own rule (stricter than
/// the compiler's), a closure given to a call that runs it at once (`ClosuresRunNow`:
/// `withLock {}`, `forEach {}`, a probe's `syncSpan {}`) runs in the context around it: a wait in
/// it holds the async caller's thread as one in the caller's body does.
///
/// What cannot be seen without types: an autoclosure argument (`assert(x)`, `a ?? b`) counts
/// as the context around it, so a restricted call there is reported although a Mac would
/// accept it. Such a report errs on the safe side; move the call into a synchronous helper.
package struct AsyncContexts {
    /// For each token, a description of the async context it runs in ("async func grade"), or nil.
    private(set) var context: [String?]
    /// For each token, the brace that opens the function, closure, accessor or type body it
    /// belongs to (a control-flow block belongs to its enclosing one); -1 at file scope.
    private(set) var scope: [Int]
    /// The functions declared, with the brace that opens each body.
    private(set) var functions: [Function] = []
    /// Each closure's opening brace, and the name of the call it is given to (`translatingErrors`
    /// in `translatingErrors {`, `run` in `queue.run(work: {`), where one can be read.
    private(set) var closureCallees: [Int: String] = [:]

    struct Function: Equatable {
        let name: String
        let isAsync: Bool
        let body: Int
        let line: Int
    }

    /// Closures given to these run as async code even when they do not await.
    static let asyncClosureTakers: Set<String> = [
        "Task", "detached", "immediate", "immediateDetached",
        "addTask", "addTaskUnlessCancelled", "addImmediateTask", "addImmediateTaskUnlessCancelled",
        "withTaskGroup", "withThrowingTaskGroup", "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup",
        "withTaskCancellationHandler", "withTaskExecutorPreference", "withTaskPriorityEscalationHandler",
        "task",  // SwiftUI's `.task {}`
    ]

    static let typeKeywords: Set<String> = ["struct", "class", "enum", "actor", "extension", "protocol"]
    static let controlKeywords: Set<String> = [
        "if", "guard", "while", "for", "switch", "repeat", "do", "catch", "else", "defer",
    ]
    static let accessorKeywords: Set<String> = ["get", "set", "willSet", "didSet", "_read", "_modify", "init"]

    /// The names of functions and types (for their initializers) that take an async
    /// closure, found in the code scanned (`LessonVariant("…") { context in … }`).
    private let takers: Set<String>
    /// Calls whose closure runs in the context around it (empty: the compiler's reading).
    private let closuresRunNow: Set<String>
    private let tokens: [SwiftTokenizer.Token]
    /// The index of the brace, parenthesis or bracket that closes the one opened at an index, and back.
    private let closing: [Int: Int]
    private let opening: [Int: Int]

    /// `closing`: the tokens' `pairs`, when the caller has them already.
    init(
        _ tokens: [SwiftTokenizer.Token], closing: [Int: Int]? = nil, isMainFile: Bool,
        asyncClosureTakers: Set<String> = [], closuresRunNow: Set<String> = []
    ) {
        self.tokens = tokens
        takers = Self.asyncClosureTakers.union(asyncClosureTakers)
        self.closuresRunNow = closuresRunNow
        self.closing = closing ?? Self.pairs(tokens)
        opening = Dictionary(uniqueKeysWithValues: self.closing.map { ($0.value, $0.key) })
        context = Array(repeating: nil, count: tokens.count)
        scope = Array(repeating: -1, count: tokens.count)
        let topLevelAwaits =
            isMainFile && analyze(0..<tokens.count, context: nil, kind: .code, scope: -1, record: false)
        _ = analyze(
            0..<tokens.count, context: topLevelAwaits ? "main.swift's top level, which awaits" : nil, kind: .code,
            scope: -1, record: true)
    }

    /// The index of the token that closes each `(`, `[` and `{`, by the opener's index.
    /// Compared by byte, not by string: the scan of the lab's own code pairs every file's
    /// tokens, and string comparisons made this a fifth of that test's time (docs/MEASUREMENTS.md).
    static func pairs(_ tokens: [SwiftTokenizer.Token]) -> [Int: Int] {
        var closing: [Int: Int] = [:]
        var open: [(index: Int, byte: UInt8)] = []
        for (index, token) in tokens.enumerated() where token.kind == .punctuation {
            var bytes = token.text.utf8.makeIterator()
            guard let byte = bytes.next(), bytes.next() == nil else { continue }
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): open.append((index, byte))
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                let opener =
                    byte == UInt8(ascii: ")")
                    ? UInt8(ascii: "(") : byte == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "{")
                // An unbalanced closer (a half-written file) closes the nearest opener of its kind.
                if let at = open.lastIndex(where: { $0.byte == opener }) {
                    closing[open[at].index] = index
                    open.removeSubrange(at...)
                }
            default: break
            }
        }
        return closing
    }

    enum BlockKind { case code, typeBody, propertyBody }

    /// What a pending keyword will make of the next `{` at this level.
    enum Head {
        case function(keyword: Int)
        case type
        case property(line: Int)
        case control
        case accessor(keyword: Int)
    }

    /// Walks a block's tokens. `context` is the block's async context (nil: synchronous).
    /// With `record`, marks the tokens' contexts; without, only answers whether the block
    /// awaits at its own level (control-flow blocks included, closures and functions not).
    private mutating func analyze(_ range: Range<Int>, context: String?, kind: BlockKind, scope: Int, record: Bool)
        -> Bool
    {
        var awaits = false
        var head: Head?
        var open: [Int] = []  // parentheses and brackets open at this level
        var index = range.lowerBound
        while index < range.upperBound {
            let token = tokens[index]
            if record {
                self.context[index] = context
                self.scope[index] = scope
            }
            guard token.kind == .identifier || token.kind == .punctuation else {
                index += 1
                continue
            }
            // A computed property's `{` follows its type on the `var`'s line; past that line the
            // `var` was a stored declaration, and a `{` belongs to a later statement.
            if case .property(let line) = head, token.line != line { head = nil }
            let previous = index > range.lowerBound ? tokens[index - 1].text : ""
            switch token.text {
            case "(", "[":
                open.append(index)
            case ")", "]":
                _ = open.popLast()
            case "{":
                let end = min(closing[index] ?? range.upperBound, range.upperBound)
                let body = (index + 1)..<end
                if open.isEmpty, let pending = head {
                    switch pending {
                    case .function(let keyword):
                        let name =
                            tokens[keyword].text == "func" && keyword + 1 < index
                            ? "func \(tokens[keyword + 1].text)" : tokens[keyword].text
                        let isAsync = functionIsAsync(from: keyword, to: index)
                        if record {
                            functions.append(
                                Function(
                                    name: tokens[keyword].text == "func"
                                        ? tokens[keyword + 1].text : tokens[keyword].text,
                                    isAsync: isAsync, body: index, line: tokens[keyword].line))
                            _ = analyze(
                                body, context: isAsync ? "async \(name)" : nil,
                                kind: tokens[keyword].text == "subscript" ? .propertyBody : .code,
                                scope: index, record: true)
                        }
                    case .type:
                        if record { _ = analyze(body, context: nil, kind: .typeBody, scope: index, record: true) }
                    case .property:
                        if record { _ = analyze(body, context: nil, kind: .propertyBody, scope: index, record: true) }
                    case .accessor(let keyword):
                        let isAsync = (keyword..<index).contains { tokens[$0].text == "async" }
                        if record {
                            _ = analyze(
                                body, context: isAsync ? "async \(tokens[keyword].text)" : nil, kind: .code,
                                scope: index, record: true)
                        }
                    case .control:
                        if analyze(body, context: context, kind: .code, scope: scope, record: record) { awaits = true }
                    }
                } else if record {
                    closureCallees[index] = callee(before: index, open: open)
                    _ = analyze(
                        body, context: closureContext(opening: index, body: body, open: open, around: context),
                        kind: .code,
                        scope: index, record: true)
                }
                head = nil
                if record && end < range.upperBound {
                    self.context[end] = context
                    self.scope[end] = scope
                }
                index = end + 1
                continue
            case "await":
                awaits = true
            case "async" where index + 1 < range.upperBound && ["let", "var"].contains(tokens[index + 1].text):
                awaits = true
            case "=":
                if open.isEmpty, case .property = head { head = nil }  // `var x = …`: a later `{` is a closure
            default:
                guard open.isEmpty, token.kind == .identifier, previous != ".", previous != "#" else { break }
                if ["func", "init", "deinit", "subscript"].contains(token.text)
                    && !(kind == .propertyBody && token.text == "init")
                {
                    head = .function(keyword: index)
                } else if Self.typeKeywords.contains(token.text) {
                    head = .type
                } else if Self.controlKeywords.contains(token.text) {
                    head = .control
                } else if token.text == "var" {
                    if case .control = head {} else { head = .property(line: token.line) }
                } else if token.text == "let" {
                    if case .control = head {} else { head = nil }  // a new declaration ends a bodiless one
                } else if kind == .propertyBody && Self.accessorKeywords.contains(token.text) {
                    head = .accessor(keyword: index)
                }
            }
            index += 1
        }
        return awaits
    }

    /// A function's effects sit between its parameter list and `->`, `where` or its body
    /// (an `async` after `->` belongs to a returned function type).
    private func functionIsAsync(from keyword: Int, to brace: Int) -> Bool {
        Self.declaresAsync(from: keyword, to: brace, tokens, closing: closing)
    }

    /// Whether the declaration from `keyword` to its body's `brace` is `async` (see above); also
    /// for ReachedDeclarations, which reads the same headers.
    static func declaresAsync(
        from keyword: Int, to brace: Int, _ tokens: [SwiftTokenizer.Token], closing: [Int: Int]
    ) -> Bool {
        guard let parameters = (keyword..<brace).first(where: { tokens[$0].text == "(" }),
            let end = closing[parameters], end < brace
        else { return false }
        for index in (end + 1)..<brace {
            switch tokens[index].text {
            case "async": return true
            case "-" where tokens[index + 1].text == ">": return false  // the tokenizer splits `->`
            case "where": return false
            default: continue
            }
        }
        return false
    }

    /// The async context a closure opens, or nil when it is synchronous.
    /// `around`: the context the closure is written in.
    private mutating func closureContext(opening: Int, body: Range<Int>, open: [Int], around: String?) -> String? {
        if let taker = asyncClosureTaker(before: opening, open: open) { return "closure given to \(taker)" }
        if signatureIsAsync(body) { return "async closure" }
        if analyze(body, context: nil, kind: .code, scope: -1, record: false) { return "closure that awaits" }
        if let around, let callee = callee(before: opening, open: open), closuresRunNow.contains(callee) {
            return "\(around) (in the closure given to \(callee), which runs at once)"
        }
        return nil
    }

    /// `Task {`, `Task(priority: p) {`, `Task<Void, Never> {`, `group.addTask {`, `withTaskGroup(of: T.self) {`,
    /// or inside parentheses `withTaskCancellationHandler(operation: {`: the API the closure is given to,
    /// when that API's closure is async. A labelled trailing closure (`} onCancel: {`) is not.
    private func asyncClosureTaker(before brace: Int, open: [Int]) -> String? {
        guard let name = callee(before: brace, open: open), takers.contains(name) else { return nil }
        return name
    }

    /// The call a closure is given to: `Task {`, `Task(priority: p) {`, `Task<Void, Never> {`,
    /// `group.addTask {`, `withTaskGroup(of: T.self) {`, or inside parentheses
    /// `withTaskCancellationHandler(operation: {`. Nil for a labelled trailing closure
    /// (`} onCancel: {`, which the call's name does not describe), `MainActor.run {`, and a
    /// brace after anything else (`= {`).
    private func callee(before brace: Int, open: [Int]) -> String? {
        var index = brace - 1
        guard index >= 0 else { return nil }
        if tokens[index].text == ":" || tokens[index].text == "(" || tokens[index].text == "," {
            // An argument: the API is the one whose parenthesis is open (`operation:` is its async closure).
            guard let parenthesis = open.last, tokens[parenthesis].text == "(", parenthesis > 0 else { return nil }
            if tokens[index].text == ":" && index > 0 && tokens[index - 1].text == "onCancel" { return nil }
            let name = tokens[parenthesis - 1]
            guard name.kind == .identifier else { return nil }
            let lazy = parenthesis > 2 && tokens[parenthesis - 2].text == "." && tokens[parenthesis - 3].text == "lazy"
            return lazy ? "lazy.\(name.text)" : name.text
        }
        if tokens[index].text == ")", let start = opening[index] {
            index = start - 1
        } else if tokens[index].text == ">" {
            var depth = 0
            while index >= 0 {
                if tokens[index].text == ">" { depth += 1 }
                if tokens[index].text == "<" {
                    depth -= 1
                    if depth == 0 { break }
                }
                index -= 1
            }
            index -= 1
        }
        guard index >= 0, tokens[index].kind == .identifier else { return nil }
        if index > 0, tokens[index - 1].text == ":" { return nil }  // `onCancel: {`
        // `MainActor.run {}` takes a synchronous closure, whatever the lab's own `run`s take.
        if index > 1, tokens[index - 1].text == ".", tokens[index - 2].text == "MainActor" { return nil }
        // `xs.lazy.map {}` keeps its closure for later: not the `map` that runs it now.
        if index > 1, tokens[index - 1].text == ".", tokens[index - 2].text == "lazy" {
            return "lazy.\(tokens[index].text)"
        }
        return tokens[index].text
    }

    /// `{ () async in`, `{ [weak self] value async throws -> T in`: `async` before the closure's `in`.
    private func signatureIsAsync(_ body: Range<Int>) -> Bool {
        var index = body.lowerBound
        var depth = 0
        let statements: Set<String> = [
            "for", "let", "var", "if", "guard", "return", "while", "switch", "case", "try", "await", "=", "{", "}", ";",
        ]
        var sawAsync = false
        while index < body.upperBound {
            let text = tokens[index].text
            if text == "(" || text == "[" { depth += 1 } else if text == ")" || text == "]" { depth -= 1 }
            if depth == 0 {
                if text == "in" { return sawAsync }
                if statements.contains(text) { return false }
                if text == "async" { sawAsync = true }
            }
            index += 1
        }
        return false
    }
}
