import Foundation
import LabProcesses
import Testing

/// The quoted snippets are compiled by starting the frontend the driver planned: that must be
/// the driver's own verdict, word for word.
@Suite("Snippets compiled from the driver's plan")
struct SnippetCompilerTests {
    static let racy = Snippet(
        source: """
            class Counter { var value = 0 }
            func f() async {
                let counter = Counter()
                Task { counter.value += 1 }
                counter.value += 1
            }

            """, flags: [])

    @Test(arguments: [racy, Snippet(source: "func f() async {}\n", flags: ["-parse-as-library"])])
    func thePlannedCompileSaysWhatTheDriverSays(snippet: Snippet) async throws {
        guard let plan = await SnippetCompiler.plan(flags: snippet.flags) else {
            // Measured on Linux only; elsewhere the compiles go through the driver, as before.
            #if os(Linux)
                Issue.record("the driver's plan for a snippet could not be replayed")
            #endif
            return
        }
        let planned = try await SnippetCompiler.compile(snippet, planned: plan)
        let driven = try await SnippetCompiler.compile(snippet)
        expectEqual(planned.status, driven.status)
        expectEqual(Self.withoutFolder(planned.standardError), Self.withoutFolder(driven.standardError))
        expectEqual(planned.status, (snippet == Self.racy ? 1 : 0), "\(planned.standardError)")
    }

    /// Each compile has a folder of its own, which the diagnostics name.
    static func withoutFolder(_ text: String) -> String {
        text.replacing(/lab-snippet-[0-9A-F-]+/, with: "lab-snippet-X")
    }
}
