/// The code's own synchronous functions that block: their body calls a blocking API from
/// the list, or another such function, directly (not from a closure, which may well run on
/// another thread: `Thread { … }`, `DispatchQueue.global().async { … }`).
///
/// Why: the list names the system's waits and a few known helpers, but blocking hides
/// behind any synchronous function. `watchSteadiness()` looked harmless in `BenchCommand.run`
/// while it slept for the whole watch; a call of such a function from an async context holds
/// the caller's thread exactly as the wait inside it does.
///
/// Only names declared once in the code scanned are followed (a call is matched by name,
/// without types, so `run` or `wait` could be anything); the rest stays the list's job.
enum BlockingHelpers {
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
            /// The tokens at each body's own level (its `scope`), found once rather than per function.
            let tokensByScope: [Int: [Int]]
            /// Each brace's closing one.
            let closing: [Int: Int]
        }
        let types = Set(restrictions.compactMap { if case .type(let name) = $0.shape.receiver { name } else { nil } })
        let scanned = zip(files, contexts).map { file, contexts in
            let tokens = file.tokens
            return Scanned(
                path: file.path, tokens: tokens, contexts: contexts,
                bindings: AsyncContextScanner.typeBindings(tokens, types: types),
                ownFunctions: file.ownFunctions,
                tokensByScope: Dictionary(grouping: tokens.indices, by: { contexts.scope[$0] }), closing: file.closing)
        }
        var declarations: [String: Int] = [:]
        for file in scanned { for function in file.contexts.functions { declarations[function.name, default: 0] += 1 } }
        let listed = Set(restrictions.map(\.shape.member))

        var inferred: [String: AsyncRestriction] = [:]
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
                where !function.isAsync && (strict || declarations[function.name] == 1)
                    && inferred[function.name] == nil && !listed.contains(function.name)
                {
                    let own =
                        strict
                        ? Array((function.body + 1)..<(file.closing[function.body] ?? function.body + 1))
                        : (file.tokensByScope[function.body] ?? []).filter { $0 > function.body }
                    guard
                        let (index, cause) = own.lazy.compactMap({ index in
                            shapes[file.tokens[index].text]?.first {
                                AsyncContextScanner.matches(
                                    $0.1, $0.0, at: index, file.tokens, file.bindings, file.ownFunctions)
                            }
                            .map { (index, $0.0) }
                        }).first
                    else { continue }
                    let site = "\(file.path):\(file.tokens[index].line)"
                    inferred[function.name] = AsyncRestriction(
                        api: "\(function.name)(", kind: .blocking,
                        message:
                            "\(function.name) (\(file.path):\(function.line)) is synchronous and blocks: it calls \(cause.api) at \(site)",
                        source: "inferred from \(site)")
                    inferred[function.name]?.inferredFrom = site
                    changed = true
                }
            }
        }
        return inferred.values.sorted { $0.api < $1.api }
    }
}
