/// Reviews a student's file by its tokens before it is compiled: escape hatches the
/// exercise forbids, imports outside the lab's, and declarations that would change
/// what the check itself means.
///
/// Why declarations matter: the student's file is its own module that the check
/// imports, and Swift lets a module's declarations *shadow* those of the modules it
/// imports. A student's `struct CallMeter` or `func exit` would silently replace the
/// lab's for the check. So a top-level name the check uses may only be declared if the
/// exercise's starting file declares it too, and only the student's own types may be
/// extended. (Escape hatches appear in this file only as text; it uses none of them.)
public enum SourceScanner {
    public struct Finding: Sendable, Equatable, CustomStringConvertible {
        /// What was found, as the student would write it: "`@unchecked`".
        public let code: String
        public let line: Int
        public let reason: String
        /// "`@unchecked` (line 4)".
        public var what: String { "\(code) (line \(line))" }
        public var description: String { "\(what): \(reason)" }

        package init(code: String, line: Int, reason: String) {
            self.code = code
            self.line = line
            self.reason = reason
        }
    }

    /// The names the code declares with `func`: a call of one of them is the code's own function,
    /// not the system's of the same name.
    static func declaredFunctionNames(in tokens: [SwiftTokenizer.Token]) -> Set<String> {
        Set(tokens.indices.filter { $0 > 0 && tokens[$0 - 1].text == "func" }.map { tokens[$0].text })
    }

    /// The code as two token streams — with typealiases resolved, and with type spellings
    /// reduced to their names (see `TypeSpellings`) — its file-scope declarations, and the
    /// functions it declares itself (a call of those is not a call of the system's).
    /// A pattern found in either stream is found: reducing spellings only ever adds matches.
    struct Prepared {
        let streams: [[SwiftTokenizer.Token]]
        let declarations: [Declaration]
        let ownFunctions: Set<String>
        /// The code's own names that a `.member` pattern may meet: its `async` functions and
        /// async closure properties (an awaited `.wait()` of its own suspends) and its enum cases
        /// (`.wait(download)`). Empty where the code names a type whose member of that name blocks.
        let ownMembers: OwnMembers
        /// Every name the code declares (`AnswerSimilarity.declaredNames`): an underscored one of
        /// its own is its own, not the standard library's.
        let ownNames: Set<String>
        /// The code's tokens as written.
        let raw: [SwiftTokenizer.Token]
        /// Per stream, where each token's text stands (in order): a pattern is tried only where
        /// its first token could be, not at every token of the file for every pattern.
        let positions: [[String: [Int]]]
        /// Per stream, where its string literals stand (in order): the paths a pattern looks for
        /// in them are looked for there only.
        let literals: [[Int]]
        /// The lines each entry point can run (`ReachedCode`), worked out once per entry: the
        /// blocking set asks for the same entry once per pattern.
        private let reached = ReachedLinesByEntry()

        final class ReachedLinesByEntry {
            var lines: [String: Set<Int>] = [:]
        }

        init(_ source: String) {
            let raw = SwiftTokenizer.tokens(of: source)
            self.raw = raw
            let resolved = SourceScanner.resolvingTypealiases(raw)
            let streams = [resolved, TypeSpellings.reduced(raw)]
            self.streams = streams
            declarations = SourceScanner.topLevelDeclarations(in: resolved)
            ownFunctions = SourceScanner.declaredFunctionNames(in: raw)
            ownMembers = OwnMembers(raw)
            ownNames = AnswerSimilarity.declaredNames(raw)
            positions = streams.map { stream in Dictionary(grouping: stream.indices, by: { stream[$0].text }) }
            literals = streams.map { stream in stream.indices.filter { stream[$0].kind == .string } }
        }

        /// Each place `pattern` matches: the stream, the token, the tokens it covers.
        func matches(_ pattern: ForbiddenPattern) -> [(stream: Int, range: Range<Int>)] {
            // Judged over the declarations, not token by token, in the code as written: the rule
            // reads aliases itself (`typealias Reader = @Sendable () async -> [Drink]` resolves
            // to its first token in the streams).
            if case .referenceInto(let receiver) = pattern.shape {
                return ReferencesHandedOver.places(into: receiver, in: raw).map { (streams.count, $0..<($0 + 1)) }
            }
            if case .reachedFrom(let entry, let inner) = pattern.shape {
                let lines = reached.lines[entry] ?? ReachedCode.lines(from: entry, in: raw)
                reached.lines[entry] = lines
                return matches(ForbiddenPattern(pattern.text, pattern.reason, shape: inner)).filter { match in
                    lines.contains(streams[match.stream][match.range.lowerBound].line)
                }
            }
            let found: [(stream: Int, range: Range<Int>)] = streams.indices.flatMap { stream in
                candidates(pattern.shape, in: stream).compactMap { index in
                    SourceScanner.matchLength(
                        pattern.shape, at: index, in: streams[stream], ownFunctions: ownFunctions,
                        ownMembers: ownMembers
                    )
                    .map { (stream, index..<(index + $0)) }
                }
            }
            switch pattern.shape {
            case .underscoredName, .nameContaining:
                return found.filter { !isOwnName(at: $0.range.lowerBound, in: streams[$0.stream]) }
            case .firstLabel:
                return found.filter { !isOwnCall(openingAt: $0.range.lowerBound, in: streams[$0.stream]) }
            default:
                return found
            }
        }

        /// Whether the name at `index` is one the code declares itself, used as its own: bare
        /// (`_count += 1`) or as `self._count`. A backing store named `_items` is a common style,
        /// not the standard library's internals, and `isUnsafeToRetry` no unsafe operation; a member
        /// of anything else (`array._baseAddress…`) is never excused, even where the code declares
        /// a name like it.
        func isOwnName(at index: Int, in stream: [SwiftTokenizer.Token]) -> Bool {
            guard ownNames.contains(stream[index].text) else { return false }
            guard index > 0, stream[index - 1].text == "." else { return true }
            return index > 1 && stream[index - 2].text == "self"
        }

        /// Whether the argument list opening at `index` is a call or declaration of the code's own:
        /// after a name it declares (`describe(format:`, `func describe(format:`, `Style(format:`)
        /// or after an `init` it declares (no `.` before it). A parameter the answer names `format`
        /// formats nothing (one was refused as printf-style formatting).
        func isOwnCall(openingAt index: Int, in stream: [SwiftTokenizer.Token]) -> Bool {
            guard index > 0 else { return false }
            let callee = stream[index - 1].text
            if callee == "init" { return index < 2 || stream[index - 2].text != "." }
            return ownNames.contains(callee)
        }

        /// The tokens of `stream` whose text passes `test`, in order. Asked once for each text the
        /// stream holds, not for each token: a glob (`Unsafe*`) or a name's part tried at every
        /// token was a fifth of a scan's time (docs/MEASUREMENTS.md, session 68).
        func positions(in stream: Int, where test: (String) -> Bool) -> [Int] {
            var found: [Int] = []
            for (text, places) in positions[stream] where test(text) { found += places }
            return found.sorted()
        }

        /// The tokens of `stream` where `shape` may start, in order: every one where
        /// `matchLength` could say yes (it still decides).
        func candidates(_ shape: ForbiddenPattern.Shape, in stream: Int) -> [Int] {
            switch shape {
            case .tokens(let expected):
                guard let first = expected.first else { return Array(streams[stream].indices) }
                guard isGlob(first) else { return positions[stream][first] ?? [] }
                return positions(in: stream) { SourceScanner.glob(first, matches: $0) }
            case .nameContaining(let text):
                return positions(in: stream) { CaseBlindSearch.contains(text, in: $0) }
            case .underscoredName:
                return positions(in: stream) { $0.count > 1 && $0.hasPrefix("_") }
            case .globalFunction(let name), .systemCall(let name):
                return positions[stream][name] ?? []
            case .member(let name):  // the `.` before the name
                return (positions[stream][name] ?? []).filter { $0 > 0 }.map { $0 - 1 }
            case .stringContaining:
                return literals[stream]
            case .firstLabel:
                return positions[stream]["("] ?? []
            case .referenceInto, .reachedFrom:
                return []
            case .callWithout(let expected, _):
                guard let first = expected.first else { return [] }
                return positions[stream][first] ?? []
            case .nameUnlessMember(let name, _):
                return positions[stream][name] ?? []
            }
        }
    }

    /// The modules a student's file may import.
    public static let allowedImports = Set(
        ["Foundation", "Synchronization", "Dispatch", "Observation"] + LabLibraries.names)
    /// Modules whose functions `.globalFunction` patterns also catch when qualified (`Glibc.sleep`, `SwiftGlibc.write`).
    static let systemModules = SystemModules.qualifiers

    /// Everything wrong with `source`, in source order.
    /// - Parameters:
    ///   - reservedNames: identifiers the check uses; the student may not declare them at top level…
    ///   - allowedDeclarations: …unless the starting file declares them (the names the exercise asks for).
    ///   - extendableTypes: types besides the student's own that may be extended (the starting file's; never the check's given types).
    ///   - keptState: where set, stored state between the check's calls is refused (`KeptState`), but
    ///     for these names (the ones the starting file and the given code declare).
    public static func findings(
        in source: String, forbidden: [ForbiddenPattern],
        reservedNames: Set<String> = [], allowedDeclarations: Set<String> = [],
        extendableTypes: Set<String> = [], keptState: Set<String>? = nil
    ) -> [Finding] {
        let code = Prepared(source)
        let declarations = code.declarations
        var findings: [Finding] = []
        // One finding per place: a token an earlier pattern matched is not reported again
        // (`withUnsafeContinuation` is that, not also "withUnsafe…"), nor a line twice for one pattern.
        var covered = Set<[Int]>()
        var reported = Set<String>()
        for pattern in forbidden {
            for match in code.matches(pattern) where match.range.allSatisfy({ !covered.contains([match.stream, $0]) }) {
                for index in match.range { covered.insert([match.stream, index]) }
                let token = (match.stream < code.streams.count ? code.streams[match.stream] : code.raw)[
                    match.range.lowerBound]
                guard reported.insert("\(pattern.text)#\(token.line)").inserted else { continue }
                // A reference handed over is shown by the name found, where it was found.
                let shown =
                    if case .referenceInto(let receiver) = pattern.shape {
                        "`\(token.text == "-" ? "->" : token.text)` in \(receiver)"
                    } else if Self.isGlob(pattern.text) || pattern.shape.showsTheNameFound {
                        // A glob is shown as the name it matched: `DispatchQueue`, not `Dispatch*`.
                        "`\(token.text)`"
                    } else {
                        "`\(pattern.text)`"
                    }
                findings.append(Finding(code: shown, line: token.line, reason: pattern.reason))
            }
        }
        let tokens = code.streams[0]
        findings += importFindings(tokens)
        // One reading of the stored bindings for both rules that judge them (each may read far).
        let stored = KeptState.storedBindings(tokens)
        findings += UnreadableCode.findings(tokens, stored: stored)
        findings += SourceLocationDirective.findings(tokens)
        if let allowed = keptState { findings += KeptState.findings(stored, in: tokens, allowed: allowed) }
        findings += CheckMeaning.findings(in: tokens, allowed: allowedDeclarations)
        let ownTypes = OwnTypes(declarations: declarations, tokens: tokens, extendable: extendableTypes)
        for declaration in declarations {
            if declaration.keyword == "extension" {
                if !ownTypes.contains(declaration.name) {
                    findings.append(
                        Finding(
                            code: "`extension \(declaration.name)`", line: declaration.line,
                            reason:
                                "only your own types may be extended here: an extension of \(declaration.name) could change what the check measures"
                        ))
                }
            } else if reservedNames.contains(declaration.name) && !allowedDeclarations.contains(declaration.name)
                && !declaration.fileOnly
                // A name the exercise forbids outright (`Locked`) is reported once, for the pattern's
                // reason: "make it private" would not help there.
                && !reported.contains("\(declaration.name)#\(declaration.line)")
            {
                findings.append(
                    Finding(
                        code: "`\(declaration.keyword) \(declaration.name)`", line: declaration.line,
                        reason:
                            "the check uses the name \(declaration.name) (its own, the lab's or the system's); your declaration would replace it for the check. Rename yours, or make it private"
                    ))
            }
        }
        return findings.sorted { $0.line < $1.line }
    }

    /// Whether a value of this name is bound at or before `index`, in a scope `index` is still in:
    /// `let name`, `var name`, a tuple pattern's `let (other, name)`, or a closure's parameter
    /// `{ name in`. Outside that scope, the name is the system's function again. (The first 64
    /// bindings of the name are read: an answer binds one a few times; a file of thousands would
    /// make each use cost a pass over them.)
    static func bindsValue(named name: String, before index: Int, in tokens: [SwiftTokenizer.Token]) -> Bool {
        var bindingsRead = 0
        // The nearest binding first: a use sits close to its own, and most files have none.
        for binding in stride(from: min(index, tokens.count - 1), through: 1, by: -1)
        where tokens[binding].kind == .identifier && tokens[binding].text == name && isBinding(at: binding, in: tokens)
        {
            bindingsRead += 1
            if bindingsRead > 64 { return false }
            // The block the binding lives in (none at file scope) must still be open at `index`.
            let block = Parentheses.enclosing(before: binding, in: tokens, open: "{", close: "}")
            if block < 0 || Parentheses.closing(openedAt: block, in: tokens, open: "{", close: "}") >= index {
                return true
            }
        }
        return false
    }

    /// Whether the identifier at `index` is bound there: after `let` or `var`, as a closure's
    /// parameter, or in a tuple pattern after `let`/`var` (back over at most 16 `name,` pairs).
    static func isBinding(at index: Int, in tokens: [SwiftTokenizer.Token]) -> Bool {
        let previous = tokens[index - 1].text
        if previous == "let" || previous == "var" { return true }
        if index + 1 < tokens.count, tokens[index + 1].text == "in", previous == "{" || previous == "," { return true }
        var position = index - 1
        for _ in 0..<16 where position >= 2 && tokens[position].text == "," && tokens[position - 1].kind == .identifier
        {
            position -= 2
        }
        return position > 0 && tokens[position].text == "(" && ["let", "var"].contains(tokens[position - 1].text)
    }

    /// The forbidden patterns found in `source` (each once).
    public static func violations(in source: String, forbidden: [ForbiddenPattern]) -> [ForbiddenPattern] {
        let code = Prepared(source)
        return forbidden.filter { !code.matches($0).isEmpty }
    }

    static func matches(
        _ shape: ForbiddenPattern.Shape, at index: Int, in tokens: [SwiftTokenizer.Token], ownFunctions: Set<String>
    ) -> Bool {
        matchLength(shape, at: index, in: tokens, ownFunctions: ownFunctions) != nil
    }

    /// Words after which a name is being declared, not used.
    static let declaringWords: Set<String> = [
        "func", "let", "var", "case", "class", "struct", "enum", "actor", "protocol",
        "typealias", "associatedtype", "import", "macro", "operator",
    ]

    /// How many tokens `shape` matches at `index`, or nil.
    static func matchLength(
        _ shape: ForbiddenPattern.Shape, at index: Int, in tokens: [SwiftTokenizer.Token], ownFunctions: Set<String>,
        ownMembers: OwnMembers = .none
    ) -> Int? {
        let token = tokens[index]
        switch shape {
        case .tokens(let expected):
            guard index + expected.count <= tokens.count else { return nil }
            for (offset, want) in expected.enumerated() {
                let token = tokens[index + offset]
                guard token.kind != .string else { return nil }
                if isGlob(want) {
                    guard token.kind == .identifier, glob(want, matches: token.text) else { return nil }
                } else if token.text != want {
                    return nil
                }
            }
            return expected.count
        case .globalFunction(let name), .systemCall(let name):
            guard token.kind == .identifier, token.text == name else { return nil }
            if index + 1 < tokens.count, tokens[index + 1].text == ":" { return nil }  // an argument label
            // `open class`: a modifier, followed on its line by what it modifies.
            if index + 1 < tokens.count, tokens[index + 1].kind == .identifier, tokens[index + 1].line == token.line {
                return nil
            }
            if isEnumCase(at: index, in: tokens) { return nil }
            guard index > 0 else { return 1 }
            let previous = tokens[index - 1].text
            if previous == "." {
                // `Glibc.write` is the system's even when the file has its own `write`.
                return index >= 2 && systemModules.contains(tokens[index - 2].text) ? 1 : nil
            }
            if case .globalFunction = shape, ownFunctions.contains(name) { return nil }
            // A value of the file's own by that name: `let (stream, signal) = …` then `signal.yield(x)`,
            // `{ pipe in pipe + 1 }` (an audit's 18 was refused for its continuation's name). Where
            // the file binds one, its uses are read as that value; a call of the system's function
            // is still refused, by name, in the compiled object (`ModuleInspection`).
            if bindsValue(named: name, before: index, in: tokens) { return nil }
            // Inside a type that declares its own `read`, an unqualified `read(…)` is that member:
            // Swift looks in the type first and never reaches the system's (`Glibc.read` would).
            if case .systemCall = shape, TypeBodies.member(name, isDeclaredAround: index, in: tokens) { return nil }
            if declaringWords.contains(previous) { return nil }
            return 1
        case .member(let name):
            guard token.text == ".", index + 1 < tokens.count, tokens[index + 1].kind == .identifier,
                tokens[index + 1].text == name
            else { return nil }
            // The code's own of that name (a function, an enum case): `await permits.wait()` of an
            // answer's semaphore actor is no thread's wait (audits' correct answers to 05, 13, 24
            // and 30 were refused).
            if ownMembers.declares(name) { return nil }
            return 2
        case .stringContaining(let text):
            return token.kind == .string && CaseBlindSearch.contains(text, in: token.literal) ? 1 : nil
        case .nameContaining(let text):
            return token.kind == .identifier && CaseBlindSearch.contains(text, in: token.text) ? 1 : nil
        case .underscoredName:
            return token.kind == .identifier && token.text.count > 1 && token.text.hasPrefix("_") ? 1 : nil
        case .firstLabel(let label):
            guard token.text == "(", index + 2 < tokens.count, tokens[index + 1].text == label,
                tokens[index + 2].text == ":"
            else { return nil }
            return 3
        case .referenceInto, .reachedFrom:
            return nil  // `Prepared.matches` finds these over the whole file
        case .nameUnlessMember(let name, let allowed):
            guard token.kind == .identifier, token.text == name else { return nil }
            // Another's member of that name, not the module's type (`_Concurrency.Task`).
            if index > 1, tokens[index - 1].text == ".", !["_Concurrency", "Swift"].contains(tokens[index - 2].text) {
                return nil
            }
            if index + 2 < tokens.count, tokens[index + 1].text == ".", allowed.contains(tokens[index + 2].text) {
                return nil
            }
            return 1
        case .callWithout(let expected, let label):
            guard let length = matchLength(.tokens(expected), at: index, in: tokens, ownFunctions: ownFunctions) else {
                return nil
            }
            // The call's own arguments, at their depth: a label there allows it.
            let open = index + length
            guard open < tokens.count, tokens[open].text == "(" else { return length }
            var depth = 0
            for position in open..<tokens.count {
                let text = tokens[position].text
                if ["(", "[", "{"].contains(text) { depth += 1 }
                if [")", "]", "}"].contains(text) { depth -= 1 }
                if depth == 0 { break }
                if depth == 1, text == label, position + 1 < tokens.count, tokens[position + 1].text == ":",
                    ["(", ","].contains(tokens[position - 1].text)
                {
                    return nil
                }
            }
            return length
        }
    }

    /// Whether the name at `index` is declared in a `case a, b, c` list.
    static func isEnumCase(at index: Int, in tokens: [SwiftTokenizer.Token]) -> Bool {
        var position = index - 1
        while position >= 1, tokens[position].text == ",", tokens[position - 1].kind == .identifier { position -= 2 }
        return position >= 0 && tokens[position].text == "case" && position < index - 1
    }

    /// Whether a pattern's word is a glob (`Unsafe*`). Its bytes are looked at: a pattern is the
    /// lab's own ASCII, and Foundation's `contains("*")`, asked for each token a pattern is tried
    /// on, went through an `NSString` each time (about 3% of the lab's own CPU per answer, `perf`,
    /// docs/MEASUREMENTS.md, session 66).
    static func isGlob(_ word: String) -> Bool { word.utf8.contains(UInt8(ascii: "*")) }

    /// Whether `text` matches `pattern`, a word with one `*` (`Unsafe*`, `*Unsafe*` is not one);
    /// otherwise whether they are equal.
    static func glob(_ pattern: String, matches text: String) -> Bool {
        let star = UInt8(ascii: "*")
        guard let at = pattern.utf8.firstIndex(of: star) else { return pattern == text }
        let prefix = pattern[..<at]
        let suffix = pattern[pattern.utf8.index(after: at)...]
        guard !suffix.utf8.contains(star) else { return pattern == text }
        return text.hasPrefix(prefix) && text.hasSuffix(suffix) && text.count >= prefix.count + suffix.count
    }

    static func importFindings(_ tokens: [SwiftTokenizer.Token]) -> [Finding] {
        importedModules(tokens).compactMap { module, line in
            guard !allowedImports.contains(module) else { return nil }
            // A file written before LabKit was split into one-purpose libraries still names it.
            let reason =
                module == "LabKit"
                ? "LabKit is now LabCore, LabTrace, LabScenarios and LabStorage: import the ones your file uses"
                : "an exercise may import only \(allowedImports.sorted().joined(separator: ", "))"
            return Finding(code: "`import \(module)`", line: line, reason: reason)
        }
    }

    /// Each module `tokens` import (`import X`, `import struct X.Y`), with the line of its `import`.
    static func importedModules(_ tokens: [SwiftTokenizer.Token]) -> [(module: String, line: Int)] {
        let importKinds: Set<String> = [
            "struct", "class", "enum", "protocol", "func", "var", "let", "typealias", "actor",
        ]
        return tokens.indices.compactMap { index in
            guard tokens[index].kind == .identifier, tokens[index].text == "import" else { return nil }
            var next = index + 1
            if next < tokens.count, importKinds.contains(tokens[next].text) { next += 1 }
            guard next < tokens.count else { return nil }
            return (tokens[next].text, tokens[index].line)
        }
    }

    package struct Declaration: Equatable {
        package let keyword: String
        package let name: String
        package let line: Int
        /// `private` or `fileprivate`: seen in the answer's own file only, so neither the check
        /// (another module) nor the given code (another file) can reach it by its name.
        package var fileOnly = false
    }

    /// Whether the modifiers before the declaration keyword at `index` make it file-private
    /// (`private`, `fileprivate`; not `private(set)`, which is about the setter).
    static func isFileOnly(keywordAt index: Int, in tokens: [SwiftTokenizer.Token]) -> Bool {
        let modifiers: Set<String> = [
            "private", "fileprivate", "public", "internal", "package", "open", "final", "static", "nonisolated",
            "indirect", "override", "convenience", "required", "mutating", "nonmutating", "lazy", "weak", "unowned",
            "dynamic", "isolated", "consuming", "borrowing", "distributed", "(", ")", "set", "unsafe", "nonsending",
        ]
        var at = index - 1
        var fileOnly = false
        while at >= 0, modifiers.contains(tokens[at].text) || tokens[at].text.hasPrefix("@") {
            let text = tokens[at].text
            if (text == "private" || text == "fileprivate") && tokens.indices.contains(at + 1)
                && tokens[at + 1].text != "("
            {
                fileOnly = true
            }
            at -= 1
        }
        return fileOnly
    }

    static let declarationKeywords: Set<String> = [
        "func", "class", "struct", "enum", "actor", "protocol", "typealias",
        "let", "var", "extension", "macro", "operator", "precedencegroup",
    ]

    /// Declarations at file scope (outside every brace), with the name they declare.
    package static func topLevelDeclarations(in tokens: [SwiftTokenizer.Token]) -> [Declaration] {
        var depth = 0
        var declarations: [Declaration] = []
        for (index, token) in tokens.enumerated() {
            if token.text == "{" { depth += 1 }
            if token.text == "}" { depth = max(0, depth - 1) }
            guard depth == 0, token.kind == .identifier, declarationKeywords.contains(token.text),
                index + 1 < tokens.count
            else { continue }
            switch token.text {
            case "let", "var":
                let fileOnly = isFileOnly(keywordAt: index, in: tokens)
                declarations += FileScopeNames.bound(byBindingAt: index, in: tokens).map {
                    Declaration(keyword: token.text, name: $0.text, line: $0.line, fileOnly: fileOnly)
                }
            case "extension":
                let extended = FileScopeNames.extendedType(byExtensionAt: index, in: tokens)
                declarations.append(Declaration(keyword: token.text, name: extended, line: token.line))
            default:
                // `class func`, `class var` inside a type never reach here (depth > 0).
                let name = tokens[index + 1]
                guard name.kind == .identifier || token.text == "func" || token.text == "operator" else { continue }
                declarations.append(
                    Declaration(
                        keyword: token.text, name: name.text, line: token.line,
                        fileOnly: isFileOnly(keywordAt: index, in: tokens)))
            }
        }
        return declarations
    }

    /// Replaces each use of a `typealias` by what it names, so `typealias S = Sendable`
    /// cannot hide `@unchecked S`, nor `typealias T = Thread` hide `T.sleep`.
    static func resolvingTypealiases(_ tokens: [SwiftTokenizer.Token]) -> [SwiftTokenizer.Token] {
        var aliases: [String: [SwiftTokenizer.Token]] = [:]
        for index in tokens.indices
        where tokens[index].text == "typealias" && index + 3 < tokens.count
            && tokens[index + 1].kind == .identifier && tokens[index + 2].text == "="
        {
            var target: [SwiftTokenizer.Token] = [tokens[index + 3]]
            var next = index + 4
            while next + 1 < tokens.count, tokens[next].text == ".", tokens[next + 1].kind == .identifier {
                target += [tokens[next], tokens[next + 1]]
                next += 2
            }
            aliases[tokens[index + 1].text] = target
        }
        guard !aliases.isEmpty else { return tokens }
        var resolved = tokens
        for _ in 0..<8 {  // aliases of aliases, a few levels deep
            var changed = false
            var next: [SwiftTokenizer.Token] = []
            for (index, token) in resolved.enumerated() {
                let isDeclaration = index > 0 && declaringWords.contains(resolved[index - 1].text)
                let isMember = index > 0 && resolved[index - 1].text == "."
                if token.kind == .identifier, !isDeclaration, !isMember, let target = aliases[token.text],
                    target.map(\.text) != [token.text]
                {
                    next += target.map { SwiftTokenizer.Token(kind: $0.kind, text: $0.text, line: token.line) }
                    changed = true
                } else {
                    next.append(token)
                }
            }
            resolved = next
            if !changed { break }
        }
        return resolved
    }
}
