import Foundation
import Testing

@testable import LabCore

/// The compiler's verdict on a snippet a lesson quotes: `swiftc -emit-sil` in Swift 6 mode.
/// -emit-sil, not -typecheck: data-race diagnostics come from SIL analysis. The driver leaves
/// a folder in TMPDIR on every run: it gets one of its own (see BuildTemporaryFolder).
struct Snippet: Hashable, Sendable {
    let source: String
    let flags: [String]
}

/// Compiles a suite's snippets, as many at once as this process has CPUs (one at a time on
/// one CPU), starting them all when the first case asks; each case reads its own verdict.
/// One after another, the 38 quoted snippets' compiles took 6 s of a test run on two CPUs.
actor SnippetCompiler {
    private let snippets: [Snippet]
    private var results: Task<[Snippet: Result<ProcessCapture, any Error>], Never>?

    init(_ snippets: [Snippet]) { self.snippets = snippets }

    func verdict(on snippet: Snippet) async throws -> ProcessCapture {
        let results = self.results ?? Task { [snippets] in await Self.compileAll(snippets) }
        self.results = results
        let result = try #require(await results.value[snippet], "a snippet the suite did not list")
        return try result.get()
    }

    private static func compileAll(_ snippets: [Snippet]) async -> [Snippet: Result<ProcessCapture, any Error>] {
        await withTaskGroup(of: (Snippet, Result<ProcessCapture, any Error>).self) { group in
            var waiting = Set(snippets)[...]
            func startNext() {
                guard let snippet = waiting.popFirst() else { return }
                group.addTask {
                    do { return (snippet, .success(try await compile(snippet))) } catch {
                        return (snippet, .failure(error))
                    }
                }
            }
            for _ in 0..<UsableCPUs.count { startNext() }
            var results: [Snippet: Result<ProcessCapture, any Error>] = [:]
            for await (snippet, result) in group {
                results[snippet] = result
                startNext()
            }
            return results
        }
    }

    static func compile(_ snippet: Snippet) async throws -> ProcessCapture {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("lab-snippet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let file = work.appendingPathComponent("snippet.swift")
        try snippet.source.write(to: file, atomically: true, encoding: .utf8)
        let temporary = try BuildTemporaryFolder.make(in: work)
        defer { BuildTemporaryFolder.remove(temporary) }
        return try await ProcessCapture.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["TMPDIR=\(temporary.path)", "swiftc", "-emit-sil", "-swift-version", "6", "-o", "/dev/null", file.path]
                + snippet.flags, timeout: 300)
    }
}
