import Foundation
import LabCommandLine
import LabConsole
import LabCore
import LabScenarios
import LabTrace

/// `main-actor --live`: a main-actor UI you drive with keys, for as long as you like.
/// b blocks the main actor for a second; a does the same fetch awaited; q quits.
@MainActor
public enum LiveMainActorView {
    /// HAZARD, on purpose: key b blocks the main actor with a synchronous fetch, for the
    /// learner to watch the frames stop.
    public static func run(scale: TimeScale) async -> Int32 {
        let terminal = Terminal.detect()
        guard terminal.isTTY, let keyboard = RawKeyboard() else {
            StandardError.write("main-actor: error: --live needs an interactive terminal (run it without a pipe)")
            return UsageError.exitCode
        }
        defer { keyboard.restore() }
        let console = Console(terminal: terminal)
        let probe = Probe()
        let ticker = FrameTicker(probe: probe)
        let work = SimulatedWork(scale: scale)
        var status = "idle"
        var events: [String] = []
        var lastFrame = ContinuousClock.now
        var worst = Duration.zero
        var frames = 0
        var dropped = 0
        let budget = ticker.budget
        let spinner = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
        // The whole screen is drawn again each frame, so each line is wrapped to the terminal's width.
        let title = "The main actor, live  (b: blocking fetch · a: awaited fetch · q: quit)".wrapped(to: terminal.width)
        func draw() {
            var screen = "\u{1B}[H\u{1B}[2J"
            screen +=
                terminal.paint(leading: "The main actor, live", of: title, .bold) + "\n\n"
            screen +=
                (terminal.paint("UI \(spinner[frames % spinner.count])", .magenta)
                + "  frame \(frames)   dropped \(dropped)   worst frame \(worst.humanReadable)")
                .wrapped(to: terminal.width, indent: "  ") + "\n"
            screen += "model: \(status)".wrapped(to: terminal.width, indent: "  ") + "\n\n"
            for event in events.suffix(8) { screen += event.wrapped(to: terminal.width, indent: "  ") + "\n" }
            StandardOutput.write(screen)
        }
        ticker.onFrame = { count in
            let now = ContinuousClock.now
            let gap = lastFrame.duration(to: now)
            lastFrame = now
            frames = count
            if count > 1 {
                worst = max(worst, gap)
                dropped += max(0, Int((gap.seconds / budget.seconds).rounded()) - 1)
            }
            draw()
        }
        ticker.start()
        let fetch = 1.0 / scale.factor  // one real second
        for await key in keyboard.presses {
            switch key {
            case "q", "Q", "\u{04}":
                _ = await ticker.stop()
                StandardOutput.write("\n")
                console.emit("Frames \(frames), dropped \(dropped), worst frame \(worst.humanReadable).")
                return 0
            case "b", "B":
                // As in the batch lesson: "Loading…" is set, but no frame can run before the
                // blocking call replaces it, so the screen never shows it. No draw() here:
                // drawing it by hand would show what a real UI never would.
                let before = (frames: frames, dropped: dropped)
                status = "Loading… (blocking)"
                work.block(sourceSeconds: fetch)  // holds the main actor: no frame can run
                status = "photo shown"
                events.append(LiveNarration.blocking(framesDuring: frames - before.frames))
            case "a", "A":
                let before = frames
                status = "Loading… (awaited)"
                try? await work.suspend(sourceSeconds: fetch)
                status = "photo shown"
                events.append(LiveNarration.awaited(framesDuring: frames - before))
            default:
                continue
            }
        }
        _ = await ticker.stop()
        return 0
    }
}

/// The live view's event lines, from what the frame counter saw.
enum LiveNarration {
    static func blocking(framesDuring: Int) -> String {
        framesDuring == 0
            ? "blocking fetch: 0 frames ran during it, so \"Loading…\" was set but never drawn; 'dropped' jumped"
            : "blocking fetch: \(framesDuring) frame(s) ran during it (the block did not hold the main actor the whole time)"
    }

    static func awaited(framesDuring: Int) -> String {
        framesDuring > 0
            ? "awaited fetch: \(CountWords.of(framesDuring, "frame")) drew \"Loading…\" while it loaded; the spinner kept turning"
            : "awaited fetch: no frame ran while it loaded (the machine was too busy to tick)"
    }
}
