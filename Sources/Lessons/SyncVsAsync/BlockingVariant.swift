import LabKit

/// "Non-concurrent code": the button's action blocks the main actor for 5 s.
enum BlockingVariant {
    static let variant = LessonVariant("blocking", title: "Non-concurrent code: takesTooLong() blocks the main actor") { context in
        let console = context.console
        console.paragraph("""
            doSomething() prints Start, calls takesTooLong() which sleeps with Thread.sleep, then \
            prints End. All of it runs in the button's action, on the main actor, while the UI loop \
            tries to draw a frame every 16.7 ms.
            """)
        let demo = ConcurrencyDemo(context: context)
        let ticker = FrameTicker(probe: context.probe)
        ticker.showLive(on: console)
        ticker.start()
        try await UISettling.pause()
        await context.probe.withLane("button action") {
            demo.doSomethingSynchronously()
        }
        try await UISettling.pause()
        let frames = await ticker.stop()
        console.setLiveLine(nil)

        let call = try context.probe.spans.single(named: "takesTooLong()")
        let framesDuring = frames.frames(during: call.start, call.end)
        context.record("blocked_seconds", "main actor blocked for", seconds: call.duration)
        context.record("frames_during_call", "frames drawn during takesTooLong()", count: framesDuring)
        context.record("frames_dropped", "frames dropped", count: frames.droppedFrames)
        context.record("longest_frame_gap_seconds", "longest time without a frame", seconds: frames.worstInterval)

        console.paragraph("""
            End came \(call.duration.formattedAsDuration) after Start: the source's 5 seconds. During \
            that time the UI loop drew \(framesDuring) frames and dropped \(frames.droppedFrames); its \
            longest gap was \(frames.worstInterval.formattedAsDuration). That is the freeze the book \
            describes: the main actor was busy sleeping, so nothing else could run on it.
            """)
    }
}

/// Short real-time pauses that let the UI loop draw frames before and after a step.
enum UISettling {
    static func pause() async throws {
        try await Task.sleep(for: .milliseconds(80))
    }
}

extension [Span] {
    /// The one span with this name, or an error a lesson can report.
    func single(named name: String) throws -> Span {
        guard let span = first(where: { $0.name == name }) else { throw LessonError.missingStep(name) }
        return span
    }
}

enum LessonError: Error, CustomStringConvertible {
    case missingStep(String)
    var description: String {
        switch self {
        case .missingStep(let name): "the trace has no step named \(name)"
        }
    }
}
