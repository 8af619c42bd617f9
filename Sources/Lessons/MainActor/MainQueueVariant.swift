import Foundation
import LabKit

/// On Linux the main actor is the main *queue*: which thread runs it can change.
enum MainQueueVariant {
    static let variant = LessonVariant("main-queue", title: "Main actor ≠ main thread on Linux") { context in
        let console = context.console
        console.paragraph("""
            The book calls the main actor "the main thread". On Linux, Swift runs main-actor jobs on \
            the main dispatch queue, and after the program's first suspension that queue is served by \
            a worker thread. We suspend ten times on the main actor and ask, each time, \
            Thread.isMainThread and MainActor.assumeIsolated (which stops the program if wrong).
            """)
        var onMainThread = 0
        var confirmed = 0
        var threads = Set<UInt64>()
        let suspensions = 10
        for _ in 0..<suspensions {
            try await Task.sleep(for: .milliseconds(2))
            if Thread.isMainThread { onMainThread += 1 }
            if confirmIsolation() { confirmed += 1 }
            threads.insert(currentThreadID())
        }
        context.record("suspensions", "suspensions on the main actor", count: suspensions)
        context.record("on_main_thread", "resumed on the main thread", count: onMainThread)
        context.record("isolation_confirmed", "main-actor isolation confirmed", count: confirmed)
        context.record("distinct_threads", "distinct threads that ran the main actor", count: threads.count)
        console.output("Thread.isMainThread was true \(onMainThread) of \(suspensions) times")
        console.output("MainActor.assumeIsolated confirmed the main actor \(confirmed) of \(suspensions) times")
        console.paragraph("""
            Isolation held every time; the main thread did not\(onMainThread == suspensions ? " fail us here, but do not rely on it" : ""). \
            Code that asserts Thread.isMainThread breaks on Linux; check isolation (`#isolation`, \
            `MainActor.assumeIsolated`, `MainActor.preconditionIsolated()`) instead. `lab doctor` shows \
            the same fact for your machine.
            """)
    }

    /// From synchronous code: traps unless on the main actor, so returning proves it.
    nonisolated static func confirmIsolation() -> Bool {
        MainActor.assumeIsolated { Isolation.current() == .mainActor }
    }
}
