import Foundation
import LessonKit
import Testing

@testable import LabCore
@testable import Lessons

/// The allocation counter replaces malloc in whatever links it (a call and a branch on every
/// allocation, counting or not), so only the programs that report allocations carry it.
/// Read from the built binaries' symbol tables: a program that defines `malloc` itself
/// carries the counter. Linux only: elsewhere the counter is not built at all.
@Suite("The allocation counter is linked only where allocations are reported")
struct AllocationCounterLinkingTests {
    static func definesMalloc(_ product: String) async throws -> Bool {
        try await SymbolTable.defined(["malloc"], in: product) == ["malloc"]
    }

    /// Package.swift's set (another test keeps it equal to the lessons whose code counts).
    static func lessonsCountingAllocations() throws -> Set<String> {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let line = try unwrap(
            manifest.split(separator: "\n").first { $0.hasPrefix("let lessonsCountingAllocations") })
        return Set(line.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
    }

    #if os(Linux)
        @Test(
            .enabled(if: SymbolTable.nm != nil, "needs nm (binutils or LLVM) to read the symbol tables"),
            arguments: LessonCatalog.lessons.map(\.name) + ["lab"])
        func onlyCountingProgramsDefineMalloc(product: String) async throws {
            // Under a sanitizer the counter is not built at all (the sanitizer's runtime owns malloc):
            // then no program defines malloc, as this test process, built alike, shows.
            let counts =
                try AllocationCounter.isAvailable
                && (product == "lab" || Self.lessonsCountingAllocations().contains(product))
            #expect(
                try await Self.definesMalloc(product) == counts,
                "\(product) \(counts ? "reports" : "does not report") allocations")
        }
    #endif
}
