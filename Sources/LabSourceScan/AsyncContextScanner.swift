import Foundation

/// Finds calls that must not run directly inside an async context: APIs Apple's SDK
/// marks unavailable from async code (they compile on Linux and fail on a Mac), and
/// calls that block a thread of the cooperative pool. The list is data
/// (`docs/async-restrictions.json`); the scan reuses the grader's tokenizer, so comments
/// and strings never count, and finds async contexts by structure (see `AsyncContexts`).
///
/// The lab runs it over its own code in the test suite: Linux's compiler cannot see
/// what only Apple's SDK refuses, and no compiler sees blocking.
public enum AsyncContextScanner {
    public struct Finding: Sendable, Equatable, CustomStringConvertible {
        public let file: String
        public let line: Int
        public let api: String
        public let kind: AsyncRestriction.Kind
        /// The async context the call is in: "async func grade", "closure given to Task".
        public let context: String
        public let message: String
        public let source: String

        /// "Sources/X.swift:12: Thread.isMainThread in async func f — … (read in …)".
        public var description: String {
            let what =
                switch kind {
                case .unavailableFromAsync: "unavailable from async contexts on Apple platforms"
                case .blocking: "blocks its thread"
                case .newerThanPlatform: "needs a later macOS than the package declares"
                }
            return "\(file):\(line): \(api) in \(context) \(what): \(message) (source: \(source))"
        }
    }

    /// Every restricted call directly inside an async context of `source`, in source order.
    /// `file` names the file in the findings; a file named `main.swift` has top-level code,
    /// which is async when it awaits.
    /// `asyncClosureTakers`: functions and types declared elsewhere whose closure parameter
    /// is async (see `asyncClosureTakers(in:)`); those the file declares itself are found here.
    public static func findings(
        in source: String, file: String, restrictions: [AsyncRestriction],
        asyncClosureTakers: Set<String> = []
    ) -> [Finding] {
        findings(
            in: ScannedSwiftFile(path: file, source: source), restrictions: restrictions,
            asyncClosureTakers: asyncClosureTakers)
    }

    /// The restrictions taken apart (`AsyncRestriction.shape`, which tokenizes each spelling)
    /// once for all the files of a scan, not once per file.
    struct Shapes {
        /// The entries by the member each names (`byMember`).
        let byMember: [String: [(AsyncRestriction, AsyncRestriction.Shape)]]
        /// The types the entries name as receivers, whose bindings a file is searched for.
        let receiverTypes: Set<String>

        init(_ restrictions: [AsyncRestriction]) {
            let shapes = restrictions.map { ($0, $0.shape) }
            byMember = AsyncContextScanner.byMember(shapes)
            receiverTypes = Set(shapes.compactMap { if case .type(let name) = $0.1.receiver { name } else { nil } })
        }
    }

    /// The same, of a file already tokenized; `contexts`: its async contexts as found with
    /// `asyncClosureTakers` alone, reused when the file declares no taker that set lacks;
    /// `shapes`: `restrictions` taken apart, when the caller scans more files with them.
    static func findings(
        in scanned: ScannedSwiftFile, restrictions: [AsyncRestriction], asyncClosureTakers: Set<String>,
        contexts known: AsyncContexts? = nil, shapes: Shapes? = nil, hazardMarks: Bool = true,
        closuresRunNow: Set<String> = []
    ) -> [Finding] {
        let (file, source, tokens) = (scanned.path, scanned.source, scanned.tokens)
        let takers = asyncClosureTakers.union(
            AsyncContexts.declaredAsyncClosureTakers(in: tokens, closing: scanned.closing))
        let contexts =
            known.flatMap { takers.count == asyncClosureTakers.count ? $0 : nil }
            ?? scanned.contexts(asyncClosureTakers: takers, closuresRunNow: closuresRunNow)
        let hazards = HazardMarkers(source: source, tokens: tokens, closing: scanned.closing)
        let shapes = shapes ?? Shapes(restrictions)
        let shapesByMember = shapes.byMember
        let bindings = typeBindings(tokens, types: shapes.receiverTypes)
        let ownFunctions = scanned.ownFunctions
        // `self[` of a blocking subscript speaks of its own type only in that type's code.
        let owners = shapesByMember["self"] == nil ? [] : BlockingHelpers.owners(tokens)
        var findings: [Finding] = []
        for index in tokens.indices where tokens[index].kind == .identifier {
            guard let candidates = shapesByMember[tokens[index].text] else { continue }
            for (restriction, shape) in candidates
            where matches(shape, restriction, at: index, tokens, bindings, ownFunctions)
                && !BlockingHelpers.speaksOfAnotherType(restriction, at: index, owners: owners)
            {
                let context: String
                if restriction.kind == .newerThanPlatform {
                    let version = AvailabilityGate.version(restriction.macOS ?? "") ?? [0, 0]
                    if AvailabilityGate.isGated(index, tokens: tokens, macOS: version) { continue }
                    context = "code not gated by #available(macOS \(restriction.macOS ?? "?"), *)"
                } else {
                    guard let asyncContext = contexts.context[index] else { continue }
                    context = asyncContext
                }
                if restriction.kind == .blocking && hazardMarks && hazards.covers(index) { continue }
                findings.append(
                    Finding(
                        file: file, line: tokens[index].line, api: restriction.api, kind: restriction.kind,
                        context: context, message: restriction.message, source: restriction.source))
                break  // one finding per call, the first entry that matches it
            }
        }
        return findings
    }

    /// Scans every `.swift` file under `folders` (paths relative to `root`, which the findings name).
    /// Besides the listed calls, a call of one of the code's own synchronous functions that
    /// blocks (see `BlockingHelpers`) is reported too: it holds the async caller's thread the same way.
    /// `closuresRunNowBlock`: the lab's own rule, stricter than the compiler's: a closure that a
    /// call runs at once (`withLock {}`, `syncSpan {}`) is read in the context around it.
    public static func findings(
        underFolders folders: [String], root: URL, restrictions: [AsyncRestriction], closuresRunNowBlock: Bool = false
    ) throws -> [Finding] {
        findings(
            inFiles: try swiftFiles(underFolders: folders, root: root), restrictions: restrictions,
            closuresRunNowBlock: closuresRunNowBlock)
    }

    /// The same scan of files given as text (`path` names each in the findings). Without
    /// `hazardMarks`, no `HAZARD` comment exempts a blocking call; with `strictHelpers`, helpers
    /// that block are followed strictly (`BlockingHelpers.infer`): both for a student's answer.
    public static func findings(
        inFiles files: [(path: String, source: String)], restrictions: [AsyncRestriction], hazardMarks: Bool = true,
        strictHelpers: Bool = false, closuresRunNowBlock: Bool = false
    ) -> [Finding] {
        let scanned = files.map { ScannedSwiftFile(path: $0.path, source: $0.source) }
        let takers = asyncClosureTakers(in: scanned)
        let runNow = closuresRunNowBlock ? ClosuresRunNow.takers(in: scanned) : []
        let contexts = scanned.map { $0.contexts(asyncClosureTakers: takers, closuresRunNow: runNow) }
        let all =
            restrictions
            + BlockingHelpers.infer(
                files: scanned, contexts: contexts, restrictions: restrictions, strict: strictHelpers)
        let shapes = Shapes(all)
        return scanned.indices.flatMap {
            findings(
                in: scanned[$0], restrictions: all, asyncClosureTakers: takers, contexts: contexts[$0], shapes: shapes,
                hazardMarks: hazardMarks, closuresRunNow: runNow)
        }
        .sorted { ($0.file, $0.line) < ($1.file, $1.line) }
    }

    /// The `.swift` files under `folders`, with their paths relative to `root`.
    public static func swiftFiles(underFolders folders: [String], root: URL) throws -> [(path: String, source: String)]
    {
        var files: [(path: String, source: String)] = []
        for folder in folders {
            let base = root.appendingPathComponent(folder)
            guard let paths = FileManager.default.enumerator(atPath: base.path) else { continue }
            // A nested package's build folder (Tools/stress-fixture/.build, Examples/…/.build) holds
            // SwiftPM's generated code, not the lab's: hidden folders are skipped.
            for case let path as String in paths
            where path.hasSuffix(".swift") && !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                files.append(
                    ("\(folder)/\(path)", try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8)))
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// Functions and types declared in `sources` that take an async closure (`LessonVariant`):
    /// a closure given to one is an async context even when it does not await.
    public static func asyncClosureTakers(in sources: [String]) -> Set<String> {
        sources.reduce(into: []) {
            $0.formUnion(AsyncContexts.declaredAsyncClosureTakers(in: SwiftTokenizer.tokens(of: $1)))
        }
    }

    static func asyncClosureTakers(in files: [ScannedSwiftFile]) -> Set<String> {
        files.reduce(into: []) { $0.formUnion(AsyncContexts.declaredAsyncClosureTakers(in: $1.written)) }
    }

    /// The entries by the member each names, in the list's order: a call is tried only against
    /// the entries for its own name (`matches` wants that name first), not the whole list.
    static func byMember(_ shapes: [(AsyncRestriction, AsyncRestriction.Shape)])
        -> [String: [(AsyncRestriction, AsyncRestriction.Shape)]]
    {
        Dictionary(grouping: shapes, by: \.1.member)
    }

    static func matches(
        _ shape: AsyncRestriction.Shape, _ restriction: AsyncRestriction, at index: Int,
        _ tokens: [SwiftTokenizer.Token], _ bindings: [String: Set<String>], _ ownFunctions: Set<String>
    ) -> Bool {
        guard tokens[index].text == shape.member else { return false }
        for (offset, want) in shape.tail.enumerated() {
            guard index + 1 + offset < tokens.count, tokens[index + 1 + offset].text == want else { return false }
        }
        let start: Int  // the first token of the call, where an `await` would stand before it
        switch shape.receiver {
        case .none:
            guard
                SourceScanner.matches(.globalFunction(shape.member), at: index, in: tokens, ownFunctions: ownFunctions)
            else { return false }
            start = index > 1 && tokens[index - 1].text == "." ? index - 2 : index
        case .type(let type):
            guard index >= 2, tokens[index - 1].text == ".",
                tokens[index - 2].text == type || bindings[type, default: []].contains(tokens[index - 2].text)
            else { return false }
            start = index - 2
        case .any, .anyOrNone:
            if index > 0 && tokens[index - 1].text == "func" { return false }  // its declaration
            start = index >= 2 && tokens[index - 1].text == "." ? index - 2 : index
        }
        // `await X.run(…)` is the async overload of a blocking call: it suspends. So is an awaited
        // call of a function of the answer's that an awaited call never runs (`BlockingHelpers`),
        // on a value just made too: `await Thumbnails(render: render).size(for: name)`.
        if start > 0 && tokens[start - 1].text == "await" { return false }
        if restriction.notRunWhenAwaited == true && ReachedCode.Uses.isAwaited(index, tokens) { return false }
        if let unless = restriction.unlessArgument, arguments(at: index, tokens).contains(unless) { return false }
        if let needed = restriction.onlyWithArgument, !arguments(at: index, tokens).contains(needed) { return false }
        return true
    }

    /// The tokens between the parentheses of the call whose name is at `index` (none without them).
    static func arguments(at index: Int, _ tokens: [SwiftTokenizer.Token]) -> Set<String> {
        guard index + 1 < tokens.count, tokens[index + 1].text == "(" else { return [] }
        var found: Set<String> = []
        var depth = 0
        for next in (index + 1)..<tokens.count {
            if tokens[next].text == "(" { depth += 1 }
            if tokens[next].text == ")" {
                depth -= 1
                if depth == 0 { break }
            }
            found.insert(tokens[next].text)
        }
        return found
    }

    /// Names the file binds to one of `types`: `let lock = NSLock()`, `_ group: DispatchGroup`,
    /// `var s: DispatchSemaphore?`. Without types a scan cannot know what `x.wait()` waits on;
    /// these bindings are how the file itself says it (file-wide, which errs on reporting).
    static func typeBindings(_ tokens: [SwiftTokenizer.Token], types: Set<String>) -> [String: Set<String>] {
        var bindings: [String: Set<String>] = [:]
        for index in tokens.indices.dropLast(2) where tokens[index].kind == .identifier {
            let type = tokens[index + 2].text
            guard types.contains(type) else { continue }
            let following = index + 3 < tokens.count ? tokens[index + 3].text : ""
            if tokens[index + 1].text == ":"
                || (tokens[index + 1].text == "=" && (following == "(" || following == "."))
            {
                bindings[type, default: []].insert(tokens[index].text)
            }
        }
        return bindings
    }
}
