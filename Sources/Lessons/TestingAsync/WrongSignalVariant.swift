import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// A test that waits for an event, but the wrong one: that the rendering started, not that it
/// finished. It does not depend on the machine's load; it is wrong on every machine.
enum WrongSignalVariant {
    static let trials = 30

    static let variant = LessonVariant(
        "wrong-signal", title: "A test that waits for the wrong signal: started, not finished"
    ) { context in
        let console = context.console
        console.paragraph(
            "This test does not sleep: it waits until the cache reports that the rendering has started (about \(context.stated(seconds: SleepAndHopeVariant.renderTime.seconds)) of CPU work), then expects the thumbnail. We run it \(trials) times, and the twin that awaits the rendering \(trials) times."
        )
        let wrong = await SleepAndHopeVariant.failures(trials) {
            await RendererTests.waitsForTheStart(renderTime: SleepAndHopeVariant.renderTime)
        }
        let right = await SleepAndHopeVariant.failures(trials) {
            await RendererTests.awaitsTheEvent(renderTime: SleepAndHopeVariant.renderTime)
        }
        var table = Table(headers: ["test waits for", "failed", "of"], rightAligned: [1, 2])
        table.append(["the rendering to start", "\(wrong)", "\(trials)"])
        table.append(["the rendering to finish", "\(right)", "\(trials)"])
        console.table(table)
        context.record("wrong_signal_failures", "waits for the start: failures", count: wrong)
        context.record("right_signal_failures", "waits for the end: failures", count: right)
        console.paragraph(
            WrongSignalNarration.sentences(failures: wrong, twinFailures: right, trials: trials).joined(separator: " "))
    }
}

/// The wrong-signal sentences, chosen from the failure counts (tested for each outcome).
enum WrongSignalNarration {
    static func sentences(failures: Int, twinFailures: Int, trials: Int) -> [String] {
        var lines: [String] = []
        switch failures {
        case trials:
            lines.append(
                "Waiting for the start failed all \(trials) runs: \"started\" is not \"done\", and an event that comes before the work is no better than a sleep."
            )
        case 0:
            lines.append(
                "Waiting for the start passed all \(trials) runs this time: the rendering finished between the signal and the check, which is luck; the signal is still the wrong one."
            )
        default:
            lines.append(
                "Waiting for the start failed \(failures) of \(trials) runs: in those the check came before the rendering finished, and in the other \(trials - failures) it finished between the signal and the check. Which one happens is luck, and that is the flake."
            )
        }
        lines.append(
            twinFailures == 0
                ? "Awaiting the rendering's own task passed all \(trials): wait for the last thing the assertion needs."
                : "Awaiting the rendering's own task failed \(twinFailures) of \(trials), which is a bug in the code under test."
        )
        return lines
    }
}
