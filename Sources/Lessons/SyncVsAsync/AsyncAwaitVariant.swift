import LabKit

/// "Introducing async/await": takesTooLong() suspends, started by Task {} from a synchronous action.
enum AsyncAwaitVariant {
    static let variant = LessonVariant("async-await", title: "async/await: takesTooLong() suspends, the UI keeps drawing") { context in
        let console = context.console
        console.paragraph("""
            Now takesTooLong() is async and waits with Task.sleep. A button's action is synchronous, \
            and an async function can only be awaited from an async context, so the action starts a \
            Task {} that awaits doSomething(). That Task is the bridge from synchronous to async code.
            """)
        let demo = ConcurrencyDemo(context: context)
        let ticker = FrameTicker(probe: context.probe)
        ticker.showLive(on: console)
        ticker.start()
        try await UISettling.pause()
        let task = buttonAction(demo)  // a synchronous call, as in the button
        await task.value
        try await UISettling.pause()
        let frames = await ticker.stop()
        console.setLiveLine(nil)

        let whole = try context.probe.spans.single(named: "doSomething()")
        let call = try context.probe.spans.single(named: "takesTooLong()")
        let framesDuring = frames.frames(during: call.start, call.end)
        context.record("do_something_seconds", "Start to End", seconds: whole.duration)
        context.record("frames_during_call", "frames drawn during takesTooLong()", count: framesDuring)
        context.record("frames_dropped", "frames dropped", count: frames.droppedFrames)
        context.record("longest_frame_gap_seconds", "longest time without a frame", seconds: frames.worstInterval)

        console.paragraph("""
            End still comes \(whole.duration.formattedAsDuration) after Start: `await` makes \
            doSomething() wait for its result. But it waits by *suspending*: the main actor was free, \
            and the UI loop drew \(framesDuring) frames during the wait. doSomething() ran on the \
            \(whole.isolation); takesTooLong() ran \(call.isolation), on the global executor.
            """)
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
