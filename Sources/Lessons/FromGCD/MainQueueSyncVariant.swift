import Foundation
import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// `DispatchQueue.main.sync` called from the main actor, in a child process with a time limit.
enum MainQueueSyncVariant {
    static let timeLimit = Duration.seconds(3)

    enum Result: Sendable, Equatable {
        case deadlocked(seconds: Double)
        case crashed(summary: String)
        case finished
    }

    static let variant = LessonVariant(
        "main-queue-sync", title: "DispatchQueue.main.sync from the main actor, in a child process"
    ) { context in
        let console = context.console
        console.paragraph(
            "Old code often hops to the main queue with DispatchQueue.main.sync to read UI state. Called from the main actor, it waits for the main queue, which is busy running the caller. A child process does it, with \(context.stated(seconds: timeLimit.seconds)) before it is stopped."
        )
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = try await ChildDemo.launch(BlockingBridgeDemos.mainSyncName, timeout: timeLimit)
        let seconds = (clock.now - start).seconds
        let result: Result =
            outcome.standardOutput.contains("finished")
            ? .finished : outcome.crashed ? .crashed(summary: outcome.summary) : .deadlocked(seconds: seconds)
        console.output("the child printed: \(outcome.standardOutput.split(separator: "\n").joined(separator: " / "))")
        console.output(
            "and it \(outcome.crashed ? outcome.summary : outcome.standardOutput.contains("finished") ? "finished" : "was stopped at the time limit")"
        )
        context.record("main_sync_seconds", "the child ran for", seconds: seconds)
        context.record("main_sync_finished", "the child finished", flag: result == .finished)
        console.paragraph(MainQueueSyncNarration.sentences(result).joined(separator: " "))
    }
}

/// The main-queue-sync sentences, chosen from the child's outcome (tested for each).
enum MainQueueSyncNarration {
    static func sentences(_ result: MainQueueSyncVariant.Result) -> [String] {
        switch result {
        case .deadlocked(let seconds):
            return [
                "It never printed what the block prints: stopped after \(seconds.formattedAsDuration), deadlocked. On Linux the main actor runs on the main queue, so main.sync waited for itself. On a Mac, libdispatch usually catches this and stops the program (\"dispatch_sync called on queue already owned by current thread\").",
                "The fix: on the main actor, just run the code (it is already there); from elsewhere, await a @MainActor function or MainActor.run instead of main.sync, and replace main.async { } with a @MainActor method or Task { @MainActor in }.",
            ]
        case .crashed(let summary):
            return [
                "The child \(summary): the runtime caught main.sync waiting for itself and stopped the program, as libdispatch does on a Mac.",
                "The fix: on the main actor, just run the code; from elsewhere, await a @MainActor function or MainActor.run.",
            ]
        case .finished:
            return [
                "The child finished: here the main actor was not running on the main queue when it called main.sync, so the call did not wait for itself. Do not rely on it: where the main actor is the main queue (always on a Mac), the same call deadlocks."
            ]
        }
    }
}
