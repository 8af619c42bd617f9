/// The lines of a file's code that a function can run: its whole body (closures in it too,
/// whichever thread they run on) and the bodies of the file's declarations that body runs, and
/// theirs in turn: functions it calls, initializers (and `deinit`) of types it makes, properties
/// it names, subscripts it indexes, operators it uses (`ReachedDeclarations`).
///
/// Why: some exercises ask that one function never block a thread at all (27's
/// `thumbnailSize`, 28's `loadWall`). The async-context scan rightly lets a synchronous
/// closure wait, since it may run on a thread of its own; but here a thread is a thread. An
/// audit's answer to 27 handed the wait to the health store's callback queue, whose closure
/// the scan read as synchronous, and another could call the old blocking bridge from there;
/// a later one hid the wait in a `subscript` read as `pending[()]`.
///
/// Without types, a declaration is matched by its name, over-approximated where needed so that
/// nothing run is missed, and narrowed only where Swift itself rules a declaration out, since
/// "loadWall runs this" is otherwise untrue of correct answers that keep the old blocking API:
/// - A member of one of the file's own types (or of an extension of it) is followed only once
///   that type is seen: named in reached code (a reached declaration's header too, such as
///   `-> Box`) or at file scope outside bodies (`let box = Box()`), and, once it is, every own
///   type named in its declarations and extensions (stored values, inheritance clause: a
///   protocol's extension is reached through a seen conformer). A type never named where the
///   entry can get at it has no instance there: `SpacePhoto`'s `.title` is not a kept box's.
/// - A call directly awaited (`await title(`, `try await x.title(`, on a value just made
///   `await Thumbnails(render: render).size(`, or `async let`'s value) is in async code: it never
///   runs a `noasync` declaration, nor a synchronous overload beside an async one that takes the
///   same arguments: the same labels and types once `some`/`any`, `@escaping`/`@Sendable` are
///   left out, and any more parameters defaulted (Swift picks the async one). With other types
///   (`settle(_: Int)` beside `settle(_: String) async`), `await settle(40)` runs the
///   synchronous one: both are followed. A synchronous closure cannot await, so the old bridge
///   called from a callback is followed.
/// - A subscript runs where `[` follows a value or a key path's `.` (`\.[milliseconds: 40]`), and
///   in a type that names a collection protocol (the standard library indexes it); `callAsFunction`
///   where anything else is called (`pending()`), `deinit` with the type's initializers, an
///   operator where its symbols stand; members the runtime calls by protocol (`description`,
///   `hash`, `wrappedValue`, `next`…) once their type is seen, `noasync` or not (the compiler
///   checks `noasync` only where the name is written, never for a witness that interpolation or
///   a `Set` calls). A member whose name the file never uses elsewhere is followed when its type
///   names someone else's protocol (or is `@dynamicCallable`) that can require that name
///   (`ProtocolRequirements`: `startIndex`, `dynamicallyCall`, a clock's `now`), or
///   one not in that table, unless it is `noasync`: an unused bridge kept beside
///   `CustomStringConvertible` is no requirement of it. A protocol of the file's that refines one
///   counts as naming it (`protocol Sizes: Collection`); marker protocols (`Sendable`,
///   `Hashable`…) do not.
/// - A property runs where its name is read (not followed by `(`: `Gallery.size(for:)` calls a
///   function), or called where its value may be: a function's type, an own type's, or none
///   written. A bare name the body binds itself (`let size`, a parameter, a closure's) is not
///   a property there.
/// - A function used as a value (`let pause = settle`) runs where its bare name stands, unless
///   the body naming it binds that name itself: a parameter, a local, a closure's parameter
///   (`for await (index, title) in group`); a member function after `.` that is not called
///   (`[40].forEach(Pause().settle)`) runs too, unless what follows uses a property
///   (`slot.size.withLock`, `picture.size = 1`, `+=`, `[`, `?`, `!`) or a seen type declares a
///   property of that name (`return picture.size`).
/// - The walk starts from the async declarations of `entry` when there are any: a synchronous
///   overload beside them (the old bridge under the same name) runs only where it is called.
package enum ReachedCode {
    /// The lines reached from the functions named `entry` (its async ones, if any), or none if
    /// the file declares none.
    static func lines(from entry: String, in tokens: [SwiftTokenizer.Token]) -> Set<Int> {
        let closing = AsyncContexts.pairs(tokens)
        let declarations = ReachedDeclarations(tokens, closing: closing)
        let bodies = declarations.bodies
        var uses = Uses(declarations: declarations)
        // An async caller runs only the async entry when there is one: a synchronous overload
        // beside it (the old bridge) runs only if something calls it.
        let entries = bodies.indices.filter { bodies[$0].kind == .function && bodies[$0].name == entry }
        let asyncEntries = entries.filter { bodies[$0].isAsync }
        var reached = Set(asyncEntries.isEmpty ? entries : asyncEntries)
        guard !reached.isEmpty else { return [] }
        uses.see(declarations.fileScopeMentions)
        for body in reached { uses.scan(bodies[body], tokens, closing: closing) }
        var changed = true
        while changed {
            changed = false
            for index in bodies.indices where !reached.contains(index) && uses.run(index) {
                reached.insert(index)
                uses.scan(bodies[index], tokens, closing: closing)
                changed = true
            }
        }
        var lines = Set<Int>()
        for index in reached {
            let body = bodies[index]
            // A header with a default value (`x: Int = wait()`) runs it at each call.
            let from = (body.keyword..<body.start).contains { tokens[$0].text == "=" } ? body.keyword : body.start
            lines.formUnion(tokens[from].line...tokens[body.end].line)
        }
        return lines
    }

    /// What the reached code uses so far.
    struct Uses {
        let declarations: ReachedDeclarations
        private(set) var seen: Set<String> = []
        /// Names called plainly (`helper(`, `Box {`), and called directly awaited.
        var called: Set<String> = []
        var awaited: Set<String> = []
        /// Every name that stands in reached code (a stored value runs when named at all), and
        /// those not followed by `(`: a property is read by those, called by the others only
        /// when its value may be called (`holdsFunction`): `Gallery.size(for:)` is a function's.
        var named: Set<String> = []
        var read: Set<String> = []
        /// Names after `.` that are not called (`[40].forEach(Pause().settle)`): a method handed
        /// over as a value, which runs wherever it is called.
        var handedOver: Set<String> = []
        /// Types made by name (`Box(`, `Box.init`, `Box.self`), or any type (`.init(`, `Self(`).
        private(set) var made: Set<String> = []
        var makesAny = false
        var indexes = false
        var callsValues = false
        /// The runs of operator symbols (`==`, `+=`).
        var symbols: Set<String> = []

        init(declarations: ReachedDeclarations) { self.declarations = declarations }

        /// Members the runtime calls through a protocol, never by their name in the code (and a
        /// result builder's `build…`).
        static let calledByProtocol: Set<String> = [
            "description", "debugDescription", "hash", "hashValue", "wrappedValue", "projectedValue", "makeIterator",
            "next", "makeAsyncIterator", "encode", "enqueue", "unownedExecutor", "checkIsolated",
            "isIsolatingCurrentContext", "==", "<", "~=",
        ]

        /// The names of the properties (stored or computed) the seen types declare.
        private(set) var seenPropertyNames: Set<String> = []

        mutating func see(_ types: Set<String>) {
            var pending = Array(types.subtracting(seen))
            while let type = pending.popLast() {
                guard seen.insert(type).inserted else { continue }
                for body in declarations.bodies
                where body.owner == type && [.property, .storedValue].contains(body.kind) {
                    seenPropertyNames.insert(body.name)
                }
                pending.append(contentsOf: declarations.mentions[type, default: []].subtracting(seen))
            }
        }

        /// A type made makes its superclass too.
        mutating func make(_ type: String) {
            guard made.insert(type).inserted else { return }
            for inherited in declarations.inherits[type, default: []] { make(inherited) }
        }

        /// Whether the body at `index` runs, given the uses so far.
        func run(_ index: Int) -> Bool {
            let body = declarations.bodies[index]
            if let owner = body.owner, !seen.contains(owner) { return false }
            let isMade = made.contains(body.name) || makesAny || body.isLiteral
            // A member whose name the file never uses elsewhere is called, if at all, by a protocol
            // its type names that can require that name, or by one not known: `noasync` keeps out
            // only the latter (the runtime calls a witness, `description` too, whatever it is marked).
            let unused = [.function, .property].contains(body.kind) && !declarations.namesUsed.contains(body.name)
            let runtime = unused ? declarations.calledByRuntime(body) : .no
            let byProtocol =
                body.owner != nil
                && (Self.calledByProtocol.contains(body.name) || body.name.hasPrefix("build")
                    || runtime == .required || (runtime == .maybe && !body.isNoasync))
            switch body.kind {
            case .function:
                if byProtocol || called.contains(body.name) { return true }
                if body.name == "callAsFunction" && callsValues { return true }
                // A name after `.` that a seen type declares as a property is read, not handed over.
                if body.owner != nil && handedOver.contains(body.name) && !seenPropertyNames.contains(body.name) {
                    return true
                }
                guard awaited.contains(body.name), !body.isNoasync else { return false }
                // Swift prefers an async overload that takes the same arguments in async code;
                // with other types, `await` may well call the synchronous one.
                return body.isAsync || !declarations.hasAsyncOverload(body)
            case .initializer, .deinitializer:
                return isMade
            case .property:
                return read.contains(body.name) || (body.holdsFunction && named.contains(body.name)) || byProtocol
            case .storedValue:
                return named.contains(body.name) || (body.owner.map { made.contains($0) || makesAny } ?? false)
            case .subscriptBody:
                return indexes || body.labels.hasPrefix("dynamicMember:")
                    || body.owner.map { declarations.collections.contains($0) } ?? false
            case .operatorFunction:
                return byProtocol || symbols.contains { $0.contains(body.name) }
            }
        }

        /// Records what a reached body uses: its header's types and default values, its body's calls.
        mutating func scan(
            _ body: ReachedDeclarations.Body, _ tokens: [SwiftTokenizer.Token], closing: [Int: Int]
        ) {
            let own = declarations.ownTypes
            // A local `let names = … { }` is a body of its own: its function's names bind it too.
            let outermost = declarations.bodies.first { $0.keyword <= body.keyword && body.end <= $0.end } ?? body
            let bound = Self.bound(in: outermost, tokens, closing: closing)
            var types: Set<String> = []
            var run = ""
            for index in body.keyword...body.end {
                let token = tokens[index]
                if token.kind == .punctuation && !"()[]{},;:.".contains(token.text) {
                    run += token.text
                    continue
                }
                if !run.isEmpty { symbols.insert(run) }
                run = ""
                let next = index + 1 < tokens.count ? tokens[index + 1].text : ""
                let previous = index > 0 ? tokens[index - 1] : token
                // `x[`, and a key path's `\.[milliseconds: 40]`.
                if next == "[", index > body.keyword, Self.indexable(token) || token.text == ".",
                    !Self.keywords.contains(token.text)
                {
                    indexes = true
                }
                if ["(", "{"].contains(next) && [")", "]"].contains(token.text) { callsValues = true }
                // The declaration's own name is not a use of it.
                guard token.kind == .identifier, index != body.keyword + 1 else { continue }
                if own.contains(token.text) { types.insert(token.text) }
                // A name this body binds itself (`let size`, a parameter) is not a property here.
                if previous.text == "." || !bound.contains(token.text) {
                    named.insert(token.text)
                    if next != "(" { read.insert(token.text) }
                }
                // `@Wrapper var x` makes a Wrapper (a result builder's `@Builder` is seen, its `build…` run).
                if ["(", "{"].contains(next) || [".init", ".self"].contains(Self.after(index, tokens))
                    || previous.text == "@"
                {
                    make(token.text)
                }
                if token.text == "init" && previous.text == "." || token.text == "Self" && next == "(" {
                    makesAny = true
                }
                // A function used as a value (`let pause = settle`), unless the name is this body's
                // own; a method (`Pause().settle`), whatever the name is bound to, unless what
                // follows uses a property (`slot.size.withLock`, `picture.size = 1`, `a.size += 1`).
                if !["(", "{", ":"].contains(next), declarations.functionNames.contains(token.text) {
                    if previous.text == "." {
                        if !Self.usesAProperty(after: index, tokens) { handedOver.insert(token.text) }
                    } else if !bound.contains(token.text) {
                        called.insert(token.text)
                    }
                }
                guard ["(", "{"].contains(next) else { continue }
                if Self.isAwaited(index, tokens) { awaited.insert(token.text) } else { called.insert(token.text) }
                if !declarations.functionNames.contains(token.text) && !own.contains(token.text)
                    && !Self.keywords.contains(token.text)
                {
                    callsValues = true
                }
            }
            if !run.isEmpty { symbols.insert(run) }
            see(types)
        }

        /// The names `body` binds itself: its parameters, its locals (`let`, `var`, `for`, `case`
        /// patterns, tuples too: `for await (index, title) in group`) and its closures' parameters.
        static func bound(
            in body: ReachedDeclarations.Body, _ tokens: [SwiftTokenizer.Token], closing: [Int: Int]
        ) -> Set<String> {
            var bound: Set<String> = []
            for index in body.keyword...body.end {
                let text = tokens[index].text
                // A parameter's internal name (`_ ms: Int`, `title: String`) in the header.
                if index < body.start, tokens[index].kind == .identifier, index + 1 < tokens.count,
                    tokens[index + 1].text == ":"
                {
                    bound.insert(text)
                }
                let pattern: Set<String>
                switch text {
                case "let", "var", "for", "case": pattern = ["=", "in", ":", "{"]
                case "{": pattern = ["in"]  // `{ title in`, `{ (a, title) in`
                default: continue
                }
                var names: Set<String> = []
                var position = index + 1
                while position <= body.end, !pattern.contains(tokens[position].text),
                    tokens[position].line == tokens[index].line
                {
                    let token = tokens[position]
                    if text == "{" && !(token.kind == .identifier || ["(", ")", ",", "_"].contains(token.text)) {
                        names = []
                        break
                    }
                    if token.kind == .identifier && tokens[position - 1].text != "." { names.insert(token.text) }
                    position += 1
                }
                if position <= body.end && (text != "{" || tokens[position].text == "in") { bound.formUnion(names) }
            }
            return bound
        }

        /// What follows the name at `index` uses a property, not a function: `=`, `.`, `[`, `?`,
        /// `!`, or a compound assignment (`+=`, `<<=`).
        static func usesAProperty(after index: Int, _ tokens: [SwiftTokenizer.Token]) -> Bool {
            guard index + 1 < tokens.count else { return false }
            let next = tokens[index + 1].text
            if ["=", ".", "[", "?", "!"].contains(next) { return true }
            let operators = tokens[(index + 1)...].prefix { $0.kind == .punctuation && "+-*/%&|^<>".contains($0.text) }
            let end = index + 1 + operators.count
            return !operators.isEmpty && end < tokens.count && tokens[end].text == "="
        }

        /// `.init` or `.self` after the token at `index`, or "".
        private static func after(_ index: Int, _ tokens: [SwiftTokenizer.Token]) -> String {
            guard index + 2 < tokens.count, tokens[index + 1].text == "." else { return "" }
            return "." + tokens[index + 2].text
        }

        /// A value a `[` after it indexes (not an array literal or type: `= [`, `: [Int]`).
        private static func indexable(_ token: SwiftTokenizer.Token) -> Bool {
            token.kind == .identifier || [")", "]", "?", "!"].contains(token.text)
        }

        /// The call whose name is at `index` is directly awaited: `await name(`, `await a.b.name(`,
        /// on a value just made or indexed (`await Thumbnails(render: render).size(`,
        /// `await a.b()?[0].name(`), `try? await name(`, or the value of an `async let`.
        static func isAwaited(_ index: Int, _ tokens: [SwiftTokenizer.Token]) -> Bool {
            var start = index
            while start >= 2, tokens[start - 1].text == "." {
                start -= 2
                // Back over the receiver's calls, subscripts, `?` and `!` to the name before them.
                while start > 0 {
                    if ["?", "!"].contains(tokens[start].text) {
                        start -= 1
                    } else if [")", "]"].contains(tokens[start].text), let open = opening(start, tokens) {
                        start = max(open - 1, 0)
                    } else {
                        break
                    }
                }
                guard tokens[start].kind == .identifier else { return false }  // `{ … }.name(`: not followed back
            }
            guard start >= 1 else { return false }
            if tokens[start - 1].text == "await" { return true }
            // `async let size = render(name)`, `async let size: Int = …`
            guard tokens[start - 1].text == "=" else { return false }
            var position = start - 2
            while position >= 1, tokens[position].line == tokens[start].line, start - position < 8 {
                if ["let", "var"].contains(tokens[position].text) { return tokens[position - 1].text == "async" }
                position -= 1
            }
            return false
        }

        /// The `(` or `[` that the `)` or `]` at `close` closes.
        private static func opening(_ close: Int, _ tokens: [SwiftTokenizer.Token]) -> Int? {
            let (closer, opener) = tokens[close].text == ")" ? (")", "(") : ("]", "[")
            var depth = 0
            for index in stride(from: close, through: 0, by: -1) {
                if tokens[index].text == closer { depth += 1 }
                if tokens[index].text == opener {
                    depth -= 1
                    if depth == 0 { return index }
                }
            }
            return nil
        }

        /// Words that stand before `(`, `{` or `[` without calling or indexing anything.
        static let keywords: Set<String> = [
            "if", "guard", "while", "for", "in", "switch", "case", "return", "else", "do", "catch", "defer", "repeat",
            "where", "as", "is", "try", "await", "throw", "yield", "let", "var", "func", "init", "subscript", "get",
            "set", "didSet", "willSet", "async", "throws", "rethrows", "some", "any", "inout", "of",
        ]
    }
}
