import LabConsole
import LabCore
import LabTrace
import LessonKit

/// "Handling Errors": `takesTooLong(delay:)` throws `DurationError` outside 5...20 s.
enum ErrorsVariant {
    static let variant = LessonVariant("errors", title: "Errors from async functions: DurationError with do/try/catch")
    { context in
        let console = context.console
        console.paragraph(
            """
            takesTooLong(delay:) now throws DurationError.tooShort below 5 seconds and .tooLong \
            above 20. An async function that throws is called with `try await` and its errors are \
            caught with do/catch, exactly like synchronous code. The book calls it with 25; we also \
            try 3 and 6.
            """)
        let demo = ConcurrencyDemo(context: context)
        var outcomes: [String] = []
        for delay in [25.0, 3, 6] {
            console.say("  takesTooLong(delay: \(Int(delay))):")
            let outcome = await context.probe.withLane("delay \(Int(delay))") {
                await doSomething(demo, delay: delay)
            }
            outcomes.append("\(Int(delay)) s → \(outcome)")
        }
        context.record("outcomes", "outcomes", text: outcomes.joined(separator: ", "))
        let spans = context.probe.spans
        let rejected = spans.filter {
            $0.name.hasPrefix("takesTooLong(delay: 25") || $0.name.hasPrefix("takesTooLong(delay: 3")
        }
        context.record("rejection_seconds", "slowest rejection", seconds: rejected.map(\.duration).max() ?? 0)
        console.paragraph(
            """
            The out-of-range calls failed at once (the slowest in \
            \((rejected.map(\.duration).max() ?? 0).formattedAsDuration)): the error is thrown before \
            any waiting. Only the 6-second call waited.
            """)
    }

    /// The book's doSomething() with its do/try/catch.
    @MainActor
    static func doSomething(_ demo: ConcurrencyDemo, delay: Double) async -> String {
        demo.say("Start \(Timestamp.now)")
        var outcome = "completed"
        do {
            try await demo.takesTooLong(delay: delay)
        } catch DurationError.tooShort {
            demo.say("Error: Duration too short")
            outcome = "DurationError.tooShort"
        } catch DurationError.tooLong {
            demo.say("Error: Duration too long")
            outcome = "DurationError.tooLong"
        } catch {
            demo.say("Unknown error")
            outcome = "\(error)"
        }
        demo.say("End \(Timestamp.now)")
        return outcome
    }
}
