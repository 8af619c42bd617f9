import Foundation
import LabConsole
import LabCore
import LabScenarios
import LessonKit

/// `for await` over a group can stop at the first answer; `reduce` consumes every one.
enum FirstAnswerVariant {
    static let variant = LessonVariant("first-answer", title: "First answer wins: for await with break vs reduce") {
        context in
        let console = context.console
        console.paragraph(
            """
            A joke can come from any of four mirror servers, each answering after \
            \(context.describe(sourceSeconds: 1)) to \(context.describe(sourceSeconds: 3)). With `reduce` we \
            collect all four answers and use one; with `for await` we take the first answer, break, \
            and cancel the rest.
            """)
        let behavior = context.behavior(latency: .jitter(base: 2, spread: 1))
        let reduceMeter = CallMeter()
        let reduceMirrors = (0..<4).map { _ in JokeClient.simulated(behavior, meter: reduceMeter) }
        let (all, reduceTime) = try await Stopwatch.time { try await allAnswers(reduceMirrors) }
        let firstMeter = CallMeter()
        // The mirrors share a meter, so each call has its own number and its own latency.
        let firstMirrors = (0..<4).map { _ in JokeClient.simulated(behavior, meter: firstMeter) }
        let (first, firstTime) = try await Stopwatch.time { try await firstAnswer(firstMirrors) }
        console.output(first?.value ?? "no joke")
        context.record("reduce_seconds", "reduce: all four answers after", seconds: reduceTime)
        context.record("reduce_answers", "reduce: answers", count: all.count)
        context.record("first_seconds", "for await + break: first answer after", seconds: firstTime)
        let cancelled = firstMeter.stats.cancelled
        context.record("first_cancelled", "for await + break: requests cancelled", count: cancelled)
        context.record(
            "first_completed", "for await + break: requests that answered", count: firstMeter.stats.completed)
        console.paragraph(
            """
            reduce waited \(reduceTime.formattedAsDuration) for the slowest mirror; for await had an \
            answer after \(firstTime.formattedAsDuration) and \(cancelledWords(cancelled)).
            """)
    }

    /// What `cancelAll()` found: chosen from the count, as every mirror can answer before it runs
    /// (a loop run late on a busy machine, a tiny `--scale`).
    static func cancelledWords(_ cancelled: Int) -> String {
        switch cancelled {
        case 0:
            "found nothing left to cancel: on this run every mirror had answered before cancelAll() ran"
        case 1: "cancelled the 1 request still in flight"
        default: "cancelled the \(cancelled) requests still in flight"
        }
    }

    /// Every mirror's answer, collected with `reduce`. Nonisolated: the group stays
    /// off the main actor (Swift 6 will not send a group's `reduce` from it).
    nonisolated static func allAnswers(_ mirrors: [JokeClient]) async throws -> [Joke] {
        try await withThrowingTaskGroup(of: Joke.self) { group in
            for mirror in mirrors { group.addTask { try await mirror.randomJoke() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    /// The first mirror to answer; the others are cancelled.
    nonisolated static func firstAnswer(_ mirrors: [JokeClient]) async throws -> Joke? {
        try await withThrowingTaskGroup(of: Joke.self) { group in
            for mirror in mirrors { group.addTask { try await mirror.randomJoke() } }
            for try await joke in group {
                group.cancelAll()
                return joke
            }
            return nil
        }
    }
}
