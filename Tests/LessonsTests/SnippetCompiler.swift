import Foundation
import Testing

@testable import LabCore
@testable import LabExercises
@testable import LabFiles
@testable import LabProcesses

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
///
/// The driver is asked once per set of flags for the frontend's command (`swiftc … -###`, the
/// grader's `CompilerJobs`), which each snippet's compile then starts directly: through the
/// driver a snippet cost 157 ms of CPU, the frontend alone 86 ms (`perf stat -r 10`, a
/// four-line snippet). Where the driver's plan cannot be replayed, each compile goes through it.
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
        var plans: [[String]: CompilerJobs] = [:]
        for flags in Set(snippets.map(\.flags)) { plans[flags] = await plan(flags: flags) }
        return await withTaskGroup(of: (Snippet, Result<ProcessCapture, any Error>).self) { group in
            var waiting = Set(snippets)[...]
            func startNext() {
                guard let snippet = waiting.popFirst() else { return }
                group.addTask { [plans] in
                    do { return (snippet, .success(try await compile(snippet, planned: plans[snippet.flags]))) } catch {
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

    /// The driver's arguments for a snippet in `folder` compiled with `flags`.
    static func driverArguments(in folder: URL, flags: [String]) -> [String] {
        ["-emit-sil", "-swift-version", "6", "-o", "/dev/null", folder.appendingPathComponent("snippet.swift").path]
            + flags
    }

    /// The frontend's command for a snippet compiled with `flags`, or nil (the driver is run then).
    static func plan(flags: [String]) async -> CompilerJobs? {
        let placeholder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lab-snippet-plan-\(UUID().uuidString)")
        // `env` finds the driver on PATH, as the compiles through it do.
        let jobs = await OnAThreadOfItsOwn.blockingWork(named: "plan a snippet's compile") {
            CompilerJobs.plan(
                swiftc: "swiftc", steps: [driverArguments(in: placeholder, flags: flags)], placeholder: placeholder)
        }
        // One step of one job: the frontend (more, and the plan is not what this replays).
        return jobs.flatMap { $0.steps.count == 1 && $0.steps[0].count == 1 ? $0 : nil }
    }

    static func compile(_ snippet: Snippet, planned: CompilerJobs? = nil) async throws -> ProcessCapture {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("lab-snippet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        try snippet.source.write(to: work.appendingPathComponent("snippet.swift"), atomically: true, encoding: .utf8)
        let temporary = try BuildTemporaryFolder.make(in: work)
        defer { BuildTemporaryFolder.remove(temporary) }
        let command = planned?.steps(in: work)[0][0] ?? ["swiftc"] + driverArguments(in: work, flags: snippet.flags)
        return try await ProcessCapture.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["TMPDIR=\(temporary.path)"] + command, timeout: 300)
    }
}
