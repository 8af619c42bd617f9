import Foundation
import LabBench
import LessonKit
import Testing

@testable import LabCore
@testable import Lessons

/// The hop counter and the retain counter each define a Swift runtime entry point in whatever
/// links them (`swift_task_switch`; `swift_retain`, `swift_release` and their family), which
/// costs every call a jump and a branch, counting or not. So only the programs that ask carry
/// them: `lab` (its bench counts both), never a lesson. Read from the built binaries' symbol
/// tables. Linux only: elsewhere the counters are not built at all.
@Suite("The hop and retain counters are linked only where they are asked for")
struct HopCounterLinkingTests {
    /// The runtime entry points `product` defines itself.
    static func definedEntryPoints(_ product: String) async throws -> Set<String> {
        try await SymbolTable.defined(
            ["swift_task_switch", "swift_retain", "swift_release", "swift_bridgeObjectRetain"], in: product)
    }

    #if os(Linux)
        @Test(
            .enabled(if: SymbolTable.nm != nil, "needs nm (binutils or LLVM) to read the symbol tables"),
            arguments: LessonCatalog.lessons.map(\.name) + ["lab"])
        func onlyTheLabDefinesTheCountedEntryPoints(product: String) async throws {
            let defined = try await Self.definedEntryPoints(product)
            // Under a sanitizer neither counter is built, in any program (this test process,
            // built alike, shows which).
            let hops = product == "lab" && HopCounter.isAvailable
            let retains = product == "lab" && RetainCounter.isAvailable
            expectEqual(defined.contains("swift_task_switch"), hops, "\(product): swift_task_switch")
            expectEqual(
                defined.isSuperset(of: ["swift_retain", "swift_release", "swift_bridgeObjectRetain"]), retains,
                "\(product): the retain family")
            expect(retains || !defined.contains("swift_retain"), "\(product): swift_retain")
        }
    #endif
}
