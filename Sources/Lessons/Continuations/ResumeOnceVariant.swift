import Foundation
import LabKit

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

    static let demos = [
        ChildDemo("continuation-leak") {
            let waiting = Task { await leakyQuery() }
            try? await Task.sleep(for: .milliseconds(200))
            print("after 200 ms the task is still waiting: isCancelled = \(waiting.isCancelled), never to be resumed")
        },
        ChildDemo("continuation-double-resume") {
            _ = await doubleResumingQuery()
            print("unreachable: the program stops at the second resume")
        },
    ]

    static let variant = LessonVariant("resume-once", title: "Resume exactly once: a leak and a double resume, in child processes") { context in
        let console = context.console
        console.paragraph("""
            A checked continuation watches the rule. We run two broken wrappers, each in its own \
            process (one of them stops the program): one has a path that never resumes; one resumes \
            twice.
            """)
        let leak = try ChildDemo.launch("continuation-leak")
        let leakMessage = misuseLine(leak.standardError)
        console.output("never resumes → \(leak.summary)")
        console.output("  stderr: \(leakMessage ?? "(nothing)")")
        console.output("  stdout: \(leak.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines))")
        let double = try ChildDemo.launch("continuation-double-resume")
        let doubleMessage = misuseLine(double.standardError)
        console.output("resumes twice → \(double.summary)")
        console.output("  stderr: \(doubleMessage ?? "(nothing)")")

        context.record("leak_reported", "leak reported by the checked continuation", flag: leakMessage?.contains("leaked its continuation") == true)
        context.record("leak_exit", "the leaking process", text: leak.summary)
        context.record("double_reported", "double resume reported", flag: doubleMessage?.contains("more than once") == true)
        context.record("double_crashed", "the double resume stopped the program", flag: double.crashed)
        console.paragraph("""
            The leak is not fatal: the checked continuation reports it when it is destroyed, and the \
            waiting task stays suspended forever (no cancellation can reach it). The double resume is \
            fatal, by design: a second result would have to be silently dropped. An unsafe \
            continuation checks neither; keep the checked one unless a profile says otherwise.
            """)
    }

    static func misuseLine(_ text: String) -> String? {
        text.split(separator: "\n").first { $0.contains("SWIFT TASK CONTINUATION MISUSE") }
            .map { String($0).replacingOccurrences(of: "_Concurrency/CheckedContinuation.swift:169: ", with: "") }
    }
}
