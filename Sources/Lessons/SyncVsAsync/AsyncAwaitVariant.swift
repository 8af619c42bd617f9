import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// "Introducing async/await": takesTooLong() suspends, started by Task {} from a synchronous action.
enum AsyncAwaitVariant {
    static let variant = LessonVariant(
        "async-await", title: "async/await: takesTooLong() suspends, the UI keeps drawing"
    ) { context in
        let console = context.console
        console.paragraph(
            """
            Now takesTooLong() is async and waits with Task.sleep. A button's action is synchronous, \
            and awaiting in it does not compile:
            """)
        console.say(console.terminal.paint("  error: \(CompilerDiagnostics.awaitInSynchronousFunction.message)", .red))
        console.paragraph(
            """
            So the action starts a Task {} that awaits doSomething(). That Task is the bridge from \
            synchronous to async code.
            """)
        let demo = ConcurrencyDemo(context: context)
        let frames = try await WatchedUI.run(context) {
            let task = buttonAction(demo)  // a synchronous call, as in the button
            await task.value
        }
        let whole = try context.probe.spans.single(named: "doSomething()")
        let call = try context.probe.spans.single(named: "takesTooLong()")
        context.record("do_something_seconds", "Start to End", seconds: whole.duration)
        let framesDuring = context.recordFrames(frames, during: call)
        context.record("call_seconds", "takesTooLong() took", seconds: call.duration)

        console.paragraph(
            """
            End still comes \(whole.duration.formattedAsDuration) after Start: `await` makes \
            doSomething() wait for its result. But it waits by *suspending*: \
            \(framesSentence(framesDuring, wait: call.duration, budget: frames.budget)). \
            doSomething() ran on the \
            \(whole.isolation); takesTooLong() ran \(call.isolation), on the global executor.
            """)
    }

    /// The frames during the wait, said from the run's count (tested for each): the main actor is
    /// free while it suspends, but a busy machine may not run the UI loop in that time. A wait
    /// shorter than one frame (`budget`; --scale 0.001 makes it 5 ms) may have had no frame due,
    /// so an empty count there is not put down to a busy machine.
    static func framesSentence(_ framesDuring: Int, wait: Double, budget: Double) -> String {
        guard framesDuring == 0 else {
            return
                "the main actor was free, and the UI loop drew \(CountWords.of(framesDuring, "frame")) during the wait"
        }
        return wait < budget
            ? "the main actor was free, though the UI loop drew no frame during the wait on this run (the wait, "
                + "\(wait.formattedAsDuration), was shorter than one frame, \(budget.formattedAsDuration), so a frame falls "
                + "inside it only sometimes)"
            : "the main actor was free, though the UI loop drew no frame during the wait on this run "
                + "(the machine was too busy to run it)"
    }

    /// The button's action: synchronous, so it can only *start* async work.
    @MainActor
    static func buttonAction(_ demo: ConcurrencyDemo) -> Task<Void, Never> {
        Task {
            await demo.probe.withLane("Task {} from the button") {
                await demo.doSomething()
            }
        }
    }
}
