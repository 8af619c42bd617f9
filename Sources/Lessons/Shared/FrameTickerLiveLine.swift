import LabConsole
import LabCore
import LabScenarios

// The stand-in UI loop drawn on a terminal: a lesson's presentation, so it lives with the lessons
// and the scenarios (which a student's check links) need no console.
extension FrameTicker {
    /// On a terminal, draws the UI as a live line that redraws every frame: a
    /// spinner and a frame counter. While the main actor is blocked it visibly stops.
    func showLive(on console: Console, label: String = "UI", status: (@MainActor () -> String)? = nil) {
        guard console.showsLiveLine else { return }
        let spinner = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
        onFrame = { [weak self] frame in
            guard let self else { return }
            let gap = self.lastGap
            let late =
                gap > self.budget.seconds * 1.5
                ? console.terminal.paint("  (a \(gap.formattedAsDuration) gap: frames dropped)", .red) : ""
            let state = status.map { "  " + $0() } ?? ""
            console.setLiveLine(
                "  " + console.terminal.paint("\(label) \(spinner[frame % spinner.count]) frame \(frame)", .magenta)
                    + state + late)
        }
    }
}
