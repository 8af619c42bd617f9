import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// "Non-concurrent code": the button's action blocks the main actor for 5 s.
enum BlockingVariant {
    /// HAZARD, on purpose: the button's action blocks the main actor for the source's 5 s
    /// (`Thread.sleep` in a synchronous call): the freeze this variant measures.
    static let variant = LessonVariant("blocking", title: "Non-concurrent code: takesTooLong() blocks the main actor") {
        context in
        let console = context.console
        console.paragraph(
            """
            doSomething() prints Start, calls takesTooLong() which sleeps with Thread.sleep, then \
            prints End. All of it runs in the button's action, on the main actor, while the UI loop \
            tries to draw a frame every \(context.stated(seconds: 1.0 / 60)).
            """)
        let demo = ConcurrencyDemo(context: context)
        let frames = try await WatchedUI.run(context) {
            await context.probe.withLane("button action") {
                demo.doSomethingSynchronously()
            }
        }
        let call = try context.probe.spans.single(named: "takesTooLong()")
        context.record("blocked_seconds", "main actor blocked for", seconds: call.duration)
        let framesDuring = context.recordFrames(frames, during: call)

        console.paragraph(
            """
            End came \(call.duration.formattedAsDuration) after Start: the source's 5 seconds. During \
            that time the UI loop drew \(framesDuring) frames and dropped \(frames.droppedFrames); its \
            longest gap was \(frames.worstInterval.formattedAsDuration). That is the freeze the book \
            describes: the main actor was busy sleeping, so nothing else could run on it.
            """)
    }
}
