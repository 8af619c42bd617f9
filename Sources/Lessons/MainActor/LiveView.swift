import Foundation
import LabKit

/// `main-actor --live`: a main-actor UI you drive with keys, for as long as you like.
/// b blocks the main actor for a second; a does the same fetch awaited; q quits.
@MainActor
public enum LiveMainActorView {
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
        var frames = 0, dropped = 0
        let budget = ticker.budget
        let spinner = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
        func draw() {
            var screen = "\u{1B}[H\u{1B}[2J"
            screen += terminal.paint("The main actor, live", .bold) + "  (b: blocking fetch · a: awaited fetch · q: quit)\n\n"
            screen += "  " + terminal.paint("UI \(spinner[frames % spinner.count])", .magenta) + "  frame \(frames)   dropped \(dropped)   worst frame \(worst.humanReadable)\n"
            screen += "  model: \(status)\n\n"
            for event in events.suffix(8) { screen += "  " + event + "\n" }
            FileHandle.standardOutput.write(Data(screen.utf8))
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
                FileHandle.standardOutput.write(Data("\n".utf8))
                console.emit("Frames \(frames), dropped \(dropped), worst frame \(worst.humanReadable).")
                return 0
            case "b", "B":
                status = "Loading… (blocking)"
                draw()
                work.block(sourceSeconds: fetch)  // holds the main actor: no frame can run
                status = "photo shown"
                events.append("blocking fetch: the main actor was held for 1 s; no frame could run (watch 'dropped' jump by about 60)")
            case "a", "A":
                status = "Loading… (awaited)"
                try? await work.suspend(sourceSeconds: fetch)
                status = "photo shown"
                events.append("awaited fetch: the spinner kept turning while it loaded")
            default:
                continue
            }
        }
        _ = await ticker.stop()
        return 0
    }
}
