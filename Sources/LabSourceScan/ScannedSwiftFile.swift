import Foundation

/// One Swift file as the async-context scan reads it, tokenized once for the scan's three passes
/// (the functions that take async closures, the code's own blocking helpers, the findings):
/// each tokenized the file for itself before, and the tokenizer was a third of the test that
/// scans all of the lab's code (docs/MEASUREMENTS.md).
package struct ScannedSwiftFile {
    let path: String
    let source: String
    /// The tokens as written, and with the file's typealiases resolved (what calls are matched against).
    let written: [SwiftTokenizer.Token]
    let tokens: [SwiftTokenizer.Token]
    /// The functions the file declares (`func` names), which both passes exempt from the system's.
    let ownFunctions: Set<String>
    /// Where each bracket of `tokens` closes (`AsyncContexts.pairs`), which three of the passes read.
    let closing: [Int: Int]

    init(path: String, source: String) {
        self.path = path
        self.source = source
        written = SwiftTokenizer.tokens(of: source)
        tokens = SourceScanner.resolvingTypealiases(written)
        ownFunctions = SourceScanner.declaredFunctionNames(in: tokens)
        closing = AsyncContexts.pairs(tokens)
    }

    /// A file named `main.swift` has top-level code, which is async when it awaits.
    var isMainFile: Bool { (path as NSString).lastPathComponent == "main.swift" }

    /// The file's async contexts, given the functions declared anywhere that take async closures
    /// (and, for the lab's own code, the calls whose closures run at once: see `AsyncContexts`).
    func contexts(asyncClosureTakers: Set<String>, closuresRunNow: Set<String> = []) -> AsyncContexts {
        AsyncContexts(
            tokens, closing: closing, isMainFile: isMainFile, asyncClosureTakers: asyncClosureTakers,
            closuresRunNow: closuresRunNow)
    }
}
