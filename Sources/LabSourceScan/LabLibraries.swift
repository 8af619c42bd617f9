/// The lab's libraries an exercise may use, each a product of the lab's package. The packages
/// the grader and the workspace generate link only the ones a file imports, so a check that
/// needs the clock does not link the scenarios, and none links the lesson framework.
package enum LabLibraries {
    package static let names: [String] = ["LabCore", "LabTrace", "LabScenarios", "LabStorage"]

    /// The lab libraries any of `sources` imports, in `names`' order.
    static func imported(by sources: [String]) -> [String] {
        let imported = Set(
            sources.flatMap { SourceScanner.importedModules(SwiftTokenizer.tokens(of: $0)).map(\.module) })
        return names.filter(imported.contains)
    }

    /// `libraries` as target dependencies in a generated manifest, after `others` (already quoted).
    package static func dependencies(_ libraries: [String], after others: [String] = []) -> String {
        let products = libraries.map { ".product(name: \"\($0)\", package: \"ConcurrencyLab\")" }
        return "[" + (others + products).joined(separator: ", ") + "]"
    }
}
