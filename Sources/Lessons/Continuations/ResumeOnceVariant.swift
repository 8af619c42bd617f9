import Foundation
import LabConsole
import LabCore
import LessonKit

/// Breaking "resume exactly once", in child processes, to see what the runtime says.
enum ResumeOnceVariant {
    /// A wrapper with a path that forgets to resume: the store reports "no data"
    /// with neither samples nor error, and the code only handles the other two cases.
    static func leakyQuery() async -> Int {
        await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
            let samples: [Int]? = nil
            if let samples, !samples.isEmpty {
                continuation.resume(returning: samples.count)
            }
            // Bug: when there are no samples, nothing resumes the continuation.
        }
    }

    /// A wrapper whose callback fires twice (a progress call, then the final one),
    /// and resumes on both.
    static func doubleResumingQuery() async -> Int {
        await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
            for progress in [1, 2] {
                continuation.resume(returning: progress)
            }
        }
    }

    /// A legacy API that keeps its callback (in a list of pending requests) and never calls it:
    /// the continuation is never destroyed, so the checked continuation has nothing to report.
    static let forgottenCallbacks = Locked<[@Sendable (Int) -> Void]>([])

    static func neverCalledBackQuery() async -> Int {
        await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
            forgottenCallbacks.withLock { $0.append { continuation.resume(returning: $0) } }
        }
    }

    static let demos = [
        ChildDemo("continuation-never-called") {
            let finished = Locked(false)
            let waiting = Task {
                _ = await neverCalledBackQuery()
                finished.withLock { $0 = true }
            }
            try? await Task.sleep(for: .milliseconds(200))
            let before = finished.withLock { $0 }
            waiting.cancel()
            try? await Task.sleep(for: .milliseconds(100))
            let after = finished.withLock { $0 }
            StandardOutput.line("waiting after 200 ms: \(!before); after cancel() and 100 ms more: \(!after)")
        },
        ChildDemo("continuation-leak") {
            let waiting = Task { await leakyQuery() }
            try? await Task.sleep(for: .milliseconds(200))
            StandardOutput.line(
                "after 200 ms the task is still waiting: isCancelled = \(waiting.isCancelled), never to be resumed")
        },
        ChildDemo("continuation-double-resume") {
            _ = await doubleResumingQuery()
            StandardOutput.line("unreachable: the program stops at the second resume")
        },
    ]

    static let variant = LessonVariant(
        "resume-once", title: "Resume exactly once: a leak, a double resume, a callback never called"
    ) { context in
        let console = context.console
        console.paragraph(
            """
            A checked continuation watches the rule. We run three broken wrappers, each in its own \
            process (one of them stops the program): one has a path that never resumes; one resumes \
            twice; one hands its callback to an API that keeps it and never calls it.
            """)
        let leak = try await ChildDemo.launch("continuation-leak")
        let leakMessage = misuseLine(leak.standardError)
        console.output("never resumes → \(leak.summary)")
        console.output("  stderr: \(leakMessage ?? "(nothing)")")
        console.output("  stdout: \(leak.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines))")
        let double = try await ChildDemo.launch("continuation-double-resume")
        let doubleMessage = misuseLine(double.standardError)
        console.output("resumes twice → \(double.summary)")
        console.output("  stderr: \(doubleMessage ?? "(nothing)")")

        let silent = try await ChildDemo.launch("continuation-never-called")
        let silentMessage = misuseLine(silent.standardError)
        let silentReport = silent.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        console.output("keeps the callback, never calls it → \(silent.summary)")
        console.output("  stderr: \(silentMessage ?? "(nothing)")")
        console.output("  stdout: \(silentReport)")
        let stillWaiting = silentReport.hasSuffix("more: true")
        context.record("never_called_reported", "a kept, never-called callback reported", flag: silentMessage != nil)
        context.record("never_called_waits_after_cancel", "its task still waiting after cancel()", flag: stillWaiting)
        context.record(
            "leak_reported", "leak reported by the checked continuation",
            flag: leakMessage?.contains("leaked its continuation") == true)
        context.record("leak_exit", "the leaking process", text: leak.summary)
        context.record(
            "double_reported", "double resume reported", flag: doubleMessage?.contains("more than once") == true)
        context.record("double_crashed", "the double resume stopped the program", flag: double.crashed)
        console.paragraph(
            """
            The leak is not fatal: the checked continuation reports it when it is destroyed, and the \
            waiting task stays suspended forever (no cancellation can reach it). The double resume is \
            fatal, by design: a second result would have to be silently dropped. An unsafe \
            continuation checks neither; keep the checked one unless a profile says otherwise.
            """)
        console.paragraph(
            silentMessage == nil && stillWaiting
                ? "The third is the quiet one: an API that keeps its callback and never calls it (a lost reply, a request queue that never drains). The continuation is never destroyed, so nothing was reported, and cancel() did not wake the task: a continuation does not listen for cancellation. Only the wrapper can guard against it, with a timeout or withTaskCancellationHandler that resumes it."
                : "The third, an API that keeps its callback and never calls it, did not behave as expected on this run (\(silentMessage ?? "no report"); \(silentReport))."
        )
    }

    static func misuseLine(_ text: String) -> String? {
        text.split(separator: "\n").first { $0.contains("SWIFT TASK CONTINUATION MISUSE") }
            .map { String($0).replacingOccurrences(of: "_Concurrency/CheckedContinuation.swift:169: ", with: "") }
    }
}
