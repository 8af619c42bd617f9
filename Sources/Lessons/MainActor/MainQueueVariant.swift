import Foundation
import LabConsole
import LabCore
import LessonKit

/// Is the main actor the main thread? Measured, because the answer depends on the
/// platform: on Apple's it is; on Linux the main actor is the main *queue*, and which
/// thread serves it can change after the first suspension.
enum MainQueueVariant {
    static let variant = LessonVariant("main-queue", title: "Is the main actor the main thread? Measured here") {
        context in
        let console = context.console
        console.paragraph(
            """
            The book calls the main actor "the main thread". The main actor is an executor, not a \
            thread: which thread runs its jobs is the platform's choice. We suspend ten times on the \
            main actor and ask, each time, Thread.isMainThread and MainActor.assumeIsolated (which \
            stops the program if wrong).
            """)
        var onMainThread = 0
        var confirmed = 0
        var threads = Set<UInt64>()
        let suspensions = 10
        for _ in 0..<suspensions {
            try await Task.sleep(for: .milliseconds(2))
            if MainThread.isCurrent() { onMainThread += 1 }  // Thread.isMainThread, asked from synchronous code
            if confirmIsolation() { confirmed += 1 }
            threads.insert(currentThreadID())
        }
        context.record("suspensions", "suspensions on the main actor", count: suspensions)
        context.record("on_main_thread", "resumed on the main thread", count: onMainThread)
        context.record("isolation_confirmed", "main-actor isolation confirmed", count: confirmed)
        context.record("distinct_threads", "distinct threads that ran the main actor", count: threads.count)
        console.output("Thread.isMainThread was true \(onMainThread) of \(suspensions) times")
        console.output("MainActor.assumeIsolated confirmed the main actor \(confirmed) of \(suspensions) times")
        console.paragraph(
            narration(
                onMainThread: onMainThread, confirmed: confirmed, suspensions: suspensions, threads: threads.count))
    }

    /// What this run showed, in words chosen by the counts.
    static func narration(onMainThread: Int, confirmed: Int, suspensions: Int, threads: Int) -> String {
        let isolation =
            confirmed == suspensions
            ? "Main-actor isolation held all \(suspensions) times."
            : "Main-actor isolation was confirmed only \(confirmed) of \(suspensions) times."
        let thread: String
        if onMainThread == suspensions {
            thread =
                "And on this system the main thread ran it every time, as it always does on Apple platforms. "
                + "On Linux it usually does not after the first suspension, so code that asserts Thread.isMainThread is not portable."
        } else if onMainThread == 0 {
            thread =
                "But Thread.isMainThread was false every time: here the main actor's jobs ran on the main queue, "
                + "served by \(threads) other thread\(threads == 1 ? "" : "s"). Code that asserts Thread.isMainThread breaks here."
        } else {
            thread =
                "Thread.isMainThread was true \(onMainThread) of \(suspensions) times: the main queue was served "
                + "by \(threads) different threads. Code that asserts Thread.isMainThread fails here some of the time."
        }
        return "\(isolation) \(thread) Check isolation (`#isolation`, `MainActor.assumeIsolated`, "
            + "`MainActor.preconditionIsolated()`) instead; `lab doctor` measures the same fact for your machine."
    }

    /// From synchronous code: traps unless on the main actor, so returning proves it.
    nonisolated static func confirmIsolation() -> Bool {
        MainActor.assumeIsolated { Isolation.current() == .mainActor }
    }
}
