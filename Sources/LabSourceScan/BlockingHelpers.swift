/// The code's own synchronous functions and initializers that block: their body calls a
/// blocking API from the list, or another such function, directly or in a closure that runs
/// before the call it is given to returns (`ClosuresRunNow`: `translatingErrors { … }`,
/// `.map { … }`); not in one that may well run later on another thread (`Thread { … }`,
/// `DispatchQueue.global().async { … }`).
///
/// Why: the list names the system's waits and a few known helpers, but blocking hides
/// behind any synchronous function. `watchSteadiness()` looked harmless in `BenchCommand.run`
/// while it slept for the whole watch; a call of such a function from an async context holds
/// the caller's thread exactly as the wait inside it does.
///
/// Only names declared once in the code scanned are followed (a call is matched by name,
/// without types, so `run` or `wait` could be anything); the rest stays the list's job.
/// In an answer (`strict`), an awaited call (on a value just made too) is not blamed on a
/// function whose every synchronous declaration is `noasync` or has an async overload taking
/// the same arguments (`ReachedDeclarations.hasAsyncOverload`): Swift picks the async one.
package enum BlockingHelpers {
    /// The waits among the entries Apple marks unavailable from async contexts: each holds its
    /// thread until something else happens, wherever it is called from. The others do not wait
    /// (`Thread.isMainThread`), or wait only while another holder works (a lock's `lock()`).
    static let waitsMarkedUnavailable: Set<String> = [
        "Thread.sleep", "NSCondition.wait(", "DispatchSemaphore.wait(", "DispatchGroup.wait(",
        "OperationQueue.waitUntilAllOperationsAreFinished", "OperationQueue.addOperations(", "RunLoop.run()",
        ".run(until:", ".run(mode:", "NSConditionLock.lock(whenCondition:",
    ]

    /// `contexts`: each file's async contexts, in the order of `files`.
    /// `strict` (a student's answer, one file): a name declared more than once is followed if any
    /// of its declarations blocks, and a wait inside a closure in the function's body counts too
    /// (an audit's helper waited inside `allSatisfy { }`, another hid behind an overload).
    static func infer(
        files: [ScannedSwiftFile], contexts: [AsyncContexts], restrictions: [AsyncRestriction], strict: Bool = false
    ) -> [AsyncRestriction] {
        struct Scanned {
            let path: String
            let tokens: [SwiftTokenizer.Token]
            let contexts: AsyncContexts
            let bindings: [String: Set<String>]
            let ownFunctions: Set<String>
            /// Each brace's closing one.
            let closing: [Int: Int]
            /// Its declarations as `ReachedCode` reads them (in `strict` mode only).
            let declarations: ReachedDeclarations?
            /// Each initializer's key (`Type.init`), by its body's brace: the file's owners read once.
            let initKeys: [Int: String]
            /// Each function's type (`Progress` for `Progress.update`), by its body's brace: read
            /// only in a file that declares a name the code declares more than once.
            var functionOwners: [Int: String] = [:]

            /// What a declaration is counted and inferred under: its name, or `Type.init` for an
            /// initializer (the lab declares many `init`s, but usually one a type: that one is
            /// followed, as a function declared once is). An initializer that opened a database
            /// waited there for another process's lock and slept between retries, unseen by the
            /// scan, while async code made the type (the inventory store's, until session 50).
            func key(_ function: AsyncContexts.Function) -> String { initKeys[function.body] ?? function.name }

            /// `Type.name` for a function a type declares: a name the code declares more than once
            /// (`update`: a progress record's and a progress bar's) is followed where its type
            /// declares it once, through calls that say the type (`Progress.update(`). `lab hint`
            /// waited for a file lock so, unseen, on a thread of the pool (a review, helper 215).
            func qualifiedKey(_ function: AsyncContexts.Function) -> String? {
                guard function.name != "init", let owner = functionOwners[function.body] else { return nil }
                return "\(owner).\(function.name)"
            }
        }
        let types = Set(restrictions.compactMap { if case .type(let name) = $0.shape.receiver { name } else { nil } })
        var scanned = zip(files, contexts).map { file, contexts in
            let tokens = file.tokens
            return Scanned(
                path: file.path, tokens: tokens, contexts: contexts,
                bindings: AsyncContextScanner.typeBindings(tokens, types: types),
                ownFunctions: file.ownFunctions,
                closing: file.closing,
                declarations: strict ? ReachedDeclarations(tokens, closing: file.closing) : nil,
                initKeys: initKeys(contexts.functions, tokens))
        }
        let runNow = ClosuresRunNow.takers(in: files)
        var declarations: [String: Int] = [:]
        for file in scanned {
            for function in file.contexts.functions { declarations[file.key(function), default: 0] += 1 }
        }
        // Types read only where a name is declared more than once (reading every file's types
        // took the scan of the lab's own code from about 4 s to 6–9 s).
        if !strict {
            for index in scanned.indices
            where scanned[index].contexts.functions.contains(where: {
                $0.name != "init" && declarations[scanned[index].key($0), default: 0] > 1
            }) {
                scanned[index].functionOwners = functionOwners(
                    scanned[index].contexts.functions, scanned[index].tokens, scope: scanned[index].contexts.scope)
                for function in scanned[index].contexts.functions {
                    if let qualified = scanned[index].qualifiedKey(function) {
                        declarations[qualified, default: 0] += 1
                    }
                }
            }
        }
        /// The key a function is followed under: its own name where the code declares that once,
        /// else `Type.name` where its type declares it once; nil where neither (the list's job).
        func followedKey(_ function: AsyncContexts.Function, in file: Scanned) -> String? {
            if declarations[file.key(function)] == 1 { return file.key(function) }
            guard let qualified = file.qualifiedKey(function), declarations[qualified] == 1 else { return nil }
            return qualified
        }
        let listed = Set(restrictions.map(\.shape.member))

        var inferred: [String: AsyncRestriction] = [:]
        var found: Set<String> = []  // each blocking function's body, by file
        var changed = true
        while changed {
            changed = false
            // A wait Apple marks unavailable from async contexts blocks as surely from a helper.
            let known =
                restrictions.filter {
                    $0.kind == .blocking
                        || ($0.kind == .unavailableFromAsync && waitsMarkedUnavailable.contains($0.api))
                }
                + Array(inferred.values)
            let shapes = AsyncContextScanner.byMember(known.map { ($0, $0.shape) })
            for file in scanned {
                for function in file.contexts.functions
                where !function.isAsync
                    && (strict && function.name != "init" || followedKey(function, in: file) != nil)
                    && inferred[followedKey(function, in: file) ?? file.key(function)] == nil
                    && !listed.contains(function.name)
                    && !found.contains("\(file.path)#\(function.body)")
                {
                    // Every token of a function's body in an answer; otherwise (and for an initializer,
                    // which starts threads and tasks as often as it waits) those that run with it
                    // (`runsWith`), asked only of a token that names a blocking call: the cheap test first.
                    let everyToken = strict && function.name != "init"
                    let body = (function.body + 1)..<(file.closing[function.body] ?? function.body + 1)
                    guard
                        let (index, cause) = body.lazy.compactMap({ index -> (Int, AsyncRestriction)? in
                            guard
                                let match = shapes[file.tokens[index].text]?.first(where: {
                                    AsyncContextScanner.matches(
                                        $0.1, $0.0, at: index, file.tokens, file.bindings, file.ownFunctions)
                                }),
                                everyToken
                                    || runsWith(
                                        function.body, token: index, scope: file.contexts.scope,
                                        callees: file.contexts.closureCallees, runNow: runNow)
                            else { return nil }
                            return (index, match.0)
                        }).first
                    else { continue }
                    let site = "\(file.path):\(file.tokens[index].line)"
                    found.insert("\(file.path)#\(function.body)")
                    // An awaited call runs none of the name's synchronous declarations when each is
                    // `noasync` or has an async overload that takes the same arguments.
                    let notRunWhenAwaited = file.declarations.map { declarations in
                        declarations.bodies.allSatisfy {
                            $0.kind != .function || $0.name != function.name || $0.isAsync || $0.isNoasync
                                || declarations.hasAsyncOverload($0)
                        }
                    }
                    let key = strict ? file.key(function) : followedKey(function, in: file) ?? file.key(function)
                    for (key, api, what, owner) in calls(of: function, key: key, in: file.tokens, strict: strict) {
                        inferred[key] = AsyncRestriction(
                            api: api, kind: .blocking,
                            message:
                                "\(what) (\(file.path):\(function.line)) is synchronous and blocks: it calls \(cause.api) at \(site)",
                            source: "inferred from \(site)")
                        inferred[key]?.inferredFrom = site
                        inferred[key]?.inferredOwner = owner
                        inferred[key]?.notRunWhenAwaited = notRunWhenAwaited
                    }
                    changed = true
                }
            }
        }
        return inferred.values.sorted { $0.api < $1.api }
    }

    /// How a blocking function is called, each with its key among the inferred, the call's
    /// spelling and what the message names: `name(` for a function. In `strict` mode, a type's
    /// `subscript` or `callAsFunction` is called through a value of its type, so each name the
    /// file binds to the type (`let waiter = Finished()`, `w: Finished`) and `self` stand for
    /// it: `waiter[`, `waiter(` (an audit hid a timed wait in `subscript(withinMilliseconds:)`,
    /// read as `finished[withinMilliseconds: 40]`). Outside an answer it stays the list's job.
    private static func calls(
        of function: AsyncContexts.Function, key: String, in tokens: [SwiftTokenizer.Token], strict: Bool
    ) -> [(key: String, api: String, what: String, owner: String?)] {
        // An initializer is called by its type's name, `InventoryDatabase(path:)`, or says it,
        // `InventoryDatabase.init(path:)`.
        if function.name == "init", key != function.name {
            let type = String(key.dropLast(".init".count))
            return [
                (key, "\(type)(", "\(type)'s init", nil),
                ("\(key) explicitly", "\(type).init(", "\(type)'s init", nil),
            ]
        }
        // Followed by its type (`Progress.update`): a call that names the type.
        if !strict, key != function.name, key.hasSuffix("." + function.name) {
            return [(key, "\(key)(", key, nil)]
        }
        let bracket = ["subscript": "[", "callAsFunction": "(", "dynamicallyCall": "("][function.name]
        guard strict, let bracket, let type = type(around: function.body, in: tokens) else {
            return [(function.name, "\(function.name)(", function.name, nil)]
        }
        // `Finished[` is a static subscript, `Finished(` makes one; `x.callAsFunction(` says it.
        let names = AsyncContextScanner.typeBindings(tokens, types: [type])[type, default: []]
            .union(bracket == "[" ? [type, "self"] : ["self", function.name])
        return names.sorted().map {
            ("\($0)\(bracket) \(function.body)", "\($0)\(bracket)", "\(type)'s \(function.name)", type)
        }
    }

    /// Whether the token at `token` runs when the body opened at `body` runs: it is at the
    /// body's own level, or in closures given to calls that run them now (`ClosuresRunNow`),
    /// however nested; not in a nested function, nor in a closure that may run later.
    private static func runsWith(
        _ body: Int, token: Int, scope: [Int], callees: [Int: String], runNow: Set<String>
    ) -> Bool {
        var level = scope[token]
        while level != body {
            guard level >= 0, let callee = callees[level], runNow.contains(callee) else { return false }
            level = scope[level]
        }
        return true
    }

    /// Each function's type, by its body's brace (see `Scanned.qualifiedKey`); a function outside
    /// any type has none.
    /// Read from each body's enclosing brace (`scope`) back to the keyword that opened it: a type's
    /// `struct Name … {`, not a function's or a closure's (reading every token's type nesting, as
    /// `owners` does, took the scan of the lab's own code from about 4.6 s to 6 s).
    private static func functionOwners(
        _ functions: [AsyncContexts.Function], _ tokens: [SwiftTokenizer.Token], scope: [Int]
    ) -> [Int: String] {
        // A type's header (`struct Progress: Codable, Sendable where T == U {`) holds none of these:
        // reaching one, the brace opened a function or a closure.
        let stops: Set<String> = [
            "{", "}", ";", "(", ")", "func", "init", "var", "let", "subscript", "case", "in", "return",
        ]
        var owners: [Int: String] = [:]
        for function in functions where function.name != "init" && function.body < scope.count {
            var index = scope[function.body] - 1
            while index >= 0, !stops.contains(tokens[index].text) {
                if AsyncContexts.typeKeywords.contains(tokens[index].text), index + 1 < tokens.count {
                    // `extension Outer.Inner`: the type is the last name of the path.
                    var name = index + 1
                    while name + 2 < tokens.count, tokens[name + 1].text == "." { name += 2 }
                    owners[function.body] = tokens[name].text
                    break
                }
                index -= 1
            }
        }
        return owners
    }

    /// Each initializer's key, `Type.init`, by its body's brace (see `Scanned.key`).
    private static func initKeys(_ functions: [AsyncContexts.Function], _ tokens: [SwiftTokenizer.Token])
        -> [Int: String]
    {
        let inits = functions.filter { $0.name == "init" }
        guard !inits.isEmpty else { return [:] }
        let owners = owners(tokens)
        return Dictionary(
            inits.compactMap { function in owners[function.body].map { (function.body, "\($0).init") } },
            uniquingKeysWith: { first, _ in first })
    }

    /// The simple name of the type whose body holds the `{` at `brace`.
    private static func type(around brace: Int, in tokens: [SwiftTokenizer.Token]) -> String? {
        brace < tokens.count ? owners(tokens)[brace] : nil
    }

    /// For each token, the simple name of the type (or extended type) whose body holds it.
    static func owners(_ tokens: [SwiftTokenizer.Token]) -> [String?] {
        var nesting = TypeNesting()
        return tokens.enumerated().map { index, token in
            nesting.pass(token)
            defer {
                _ = nesting.readDeclaration(
                    at: index, in: tokens, kinds: TypeNesting.typeKeywords)
            }
            return nesting.innermost?.split(separator: ".").last.map(String.init)
        }
    }

    /// An inferred `self[` or `self(` stands for one type's blocking subscript or callAsFunction
    /// (`inferredOwner`): not in another type's code, where `self` is that type (an actor's
    /// `self[key]` beside a kept blocking subscript). `owners`: see `owners(_:)`.
    static func speaksOfAnotherType(_ restriction: AsyncRestriction, at index: Int, owners: [String?]) -> Bool {
        guard ["self[", "self("].contains(restriction.api), let type = restriction.inferredOwner, index < owners.count
        else { return false }
        return owners[index] != type
    }
}
