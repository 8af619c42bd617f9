import Foundation
import LabConsole
import LabCore
import LabTimeline
import LabTrace

/// A lesson run as one HTML page (`--html FILE`, `lab pages DIR`): its introduction, each
/// variant's narration, figures and timeline, and its takeaways when the whole story ran.
enum LessonPage {
    struct Run {
        let variant: LessonVariant
        let result: LessonReport.VariantResult
        let spans: [Span]
        /// What the variant showed, prose and printed text in order (`Console.shownSoFar`); where
        /// empty, its paragraphs (`result.narration`).
        var shown: [Console.Shown] = []
    }

    static func page(lesson: any Lesson, options: LessonOptions, runs: [Run], toldWholeStory: Bool) -> HTMLTimelinePage
    {
        let sections = runs.enumerated().map { index, run in
            let shown = blocks(run.shown)
            var section = HTMLTimelinePage.Section(
                title: "\(index + 1)/\(runs.count)  \(run.variant.title)", anchor: run.variant.name,
                narration: shown.isEmpty ? run.result.narration ?? [] : shown.map(\.text),
                facts: run.result.figures.filter { $0.listed != false }.map {
                    HTMLTimelinePage.Fact(label: $0.label, value: $0.formattedValue)
                } + [HTMLTimelinePage.Fact(label: "wall time", value: run.result.wallSeconds.formattedAsDuration)],
                // The main actor's frame ticks are the run loop's, not the lesson's steps: the
                // page, like --tree, draws the lesson's tasks, and the frames as a strip above them.
                spans: run.spans.filter { $0.name != "frame" }, failure: run.result.error)
            section.frames = run.spans.filter { $0.name == "frame" }.map(\.start)
            section.preformatted = Set(shown.indices.filter { shown[$0].preformatted })
            return section
        }
        let machine = EnvironmentInfo.current()

        return HTMLTimelinePage(
            title: lesson.title, introduction: [lesson.introduction],
            details: [
                "\(lesson.name) · time scale \(options.scale) · seed \(options.seed) · compiled in \(CompileMode.ofTheLab.title) mode",
                "\(CPUCountWords.machine(model: machine.cpuModel, count: machine.cpuCount)) · \(machine.operatingSystem) · Swift \(machine.swiftVersion) · \(machine.buildConfiguration) build",
            ],
            sections: sections, closing: toldWholeStory ? lesson.takeaways : [],
            links: options.indexPage.map { [(text: "← All lessons", href: $0)] } ?? [])
    }

    /// What a variant showed, as the page's blocks: lines printed one after another (a program's
    /// output, a compiler's message and its note) are one block; blank lines, which the terminal
    /// spaces its text with, are none.
    static func blocks(_ shown: [Console.Shown]) -> [Console.Shown] {
        var blocks: [Console.Shown] = []
        for piece in shown where !piece.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            if piece.preformatted, let last = blocks.last, last.preformatted {
                blocks[blocks.count - 1] = Console.Shown(last.text + "\n" + piece.text, preformatted: true)
            } else {
                blocks.append(piece)
            }
        }
        return blocks
    }
}
