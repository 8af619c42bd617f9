import Foundation
import LabConsole
import LabCore
import LabFiles
import LabTimeline
import LabTrace

/// One run of a lesson: the story, each variant, its figures and steps, and the exports.
@MainActor
struct LessonSession {
    let lesson: any Lesson
    let options: LessonOptions
    let console: Console
    /// Whether the steps table's legend was printed (once per lesson).
    let legendShown = Locked(false)

    private var terminal: Terminal { console.terminal }

    func run() async -> Int32 {
        let selected = Self.selection(of: lesson.variants, options: options)
        introduce(selected)
        Self.warmUp()
        var results: [LessonReport.VariantResult] = []
        var runs: [ChromeTraceExporter.Run] = []
        var pageRuns: [LessonPage.Run] = []
        for (index, variant) in selected.enumerated() {
            let (result, spans, shown) = await perform(variant, number: index + 1, of: selected.count)
            results.append(result)
            runs.append(ChromeTraceExporter.Run(name: "\(lesson.name) · \(variant.name)", spans: spans))
            pageRuns.append(LessonPage.Run(variant: variant, result: result, spans: spans, shown: shown))
        }
        let toldWholeStory = conclude(results)
        offerExtras()
        var status: Int32 = results.allSatisfy(\.succeeded) ? 0 : 1
        if let path = options.traceOutput, !writeTrace(runs, to: path) { status = 1 }
        if let path = options.htmlOutput {
            let page = LessonPage.page(lesson: lesson, options: options, runs: pageRuns, toldWholeStory: toldWholeStory)
            if !writePage(page, to: path) { status = 1 }
        }
        if options.json { emitJSON(results) }
        return status
    }

    /// The variants named with --variant; otherwise every core variant, or all of them with --all.
    static func selection(of variants: [LessonVariant], options: LessonOptions) -> [LessonVariant] {
        if !options.variants.isEmpty { return variants.filter { options.variants.contains($0.name) } }
        return options.allVariants ? variants : variants.filter { !$0.isExtra }
    }

    /// After a default run (no --variant, no --all): the extras, each with the command that runs it.
    private func offerExtras() {
        let extras = lesson.variants.filter(\.isExtra)
        guard options.variants.isEmpty, !options.allVariants, !extras.isEmpty else { return }
        console.heading("More in this lesson")
        let width = (extras.map(\.name.count).max() ?? 0) + 2
        for variant in extras {
            console.say(
                variant.title.wrapped(
                    to: terminal.width, after: "  --variant " + terminal.paint(variant.name.padded(to: width), .bold)))
        }
        console.say(
            terminal.paint(
                "Run one with \(lesson.name) --variant NAME, or all of them with --all.".wrapped(
                    to: terminal.width, indent: "  "), .dim))
    }

    /// One-time costs that must not land inside a timed step: CPU calibration and
    /// the first date formatting (ICU loads its data on Linux).
    private static func warmUp() {
        _ = CPUWork.unitsPerSecond
        _ = Date().formatted(date: .abbreviated, time: .standard)
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS Z"
        _ = formatter.string(from: Date())
    }

    private func introduce(_ selected: [LessonVariant]) {
        console.say(terminal.paint(lesson.title.wrapped(to: terminal.width), .bold + .underline))
        console.paragraph(lesson.introduction)
        // Asides, dimmed and wrapped to the terminal's width.
        func aside(_ text: String) { console.say(terminal.paint(text.wrapped(to: terminal.width, indent: "  "), .dim)) }
        aside(
            "Time scale: \(options.scale). Seed: \(options.seed). "
                + (options.showTrace ? "" : "Add --trace to draw each variant's timeline, --steps to list every step."))
        if lesson.name != "isolation-modes" {  // that lesson compiles its code in every mode, and says so
            aside(
                "Compiled in \(CompileMode.ofTheLab.title) mode as shipped: where code runs is told for that mode "
                    + "(swift run isolation-modes shows Swift 6.2's others).")
        }
        if !options.variants.isEmpty, selected.count < lesson.variants.count {
            aside("Running \(selected.count) of \(lesson.variants.count) variants.")
        }
    }

    /// The variant's result, its steps, and what it showed (for its page; not its figures' table,
    /// which the page draws from the figures).
    private func perform(_ variant: LessonVariant, number: Int, of total: Int) async -> (
        LessonReport.VariantResult, [Span], [Console.Shown]
    ) {
        let context = LessonContext(options: options, console: console)
        console.heading("\(number)/\(total)  \(variant.title)  [\(variant.name)]")
        let clock = ContinuousClock()
        let start = clock.now
        var failure: String?
        let saidBefore = console.paragraphsSaid.count
        let shownBefore = console.shownSoFar.count
        do {
            // Steps outside any named lane show in the lane "top-level task". The variant runs in
            // a task of its own, unnamed, so a caller's task name (a test runner names its tasks)
            // does not become the variant's lane.
            try await Task { @MainActor in try await context.probe.withTaskIdentity { try await variant.run(context) } }
                .value
        } catch {
            failure = "\(error)"
            StandardError.write("\(lesson.name): error: variant '\(variant.name)' failed: \(error)")
        }
        let wall = start.duration(to: clock.now).seconds
        let spans = context.probe.spans
        let shown = Array(console.shownSoFar.dropFirst(shownBefore))
        report(context: context, spans: spans, wall: wall, variant: variant)
        var result = LessonReport.VariantResult(
            name: variant.name, title: variant.title, succeeded: failure == nil, error: failure,
            wallSeconds: wall, figures: context.figures, steps: LessonReport.steps(from: spans))
        result.narration = Array(console.paragraphsSaid.dropFirst(saidBefore))
        result.stated = context.statedFigures
        return (result, spans, shown)
    }

    private func report(context: LessonContext, spans: [Span], wall: Double, variant: LessonVariant) {
        let steps = spans.filter { $0.name != "frame" }
        if options.quiet && !options.json {
            let figures = context.figures.filter { $0.listed != false }.map { "\($0.label) \($0.formattedValue)" }
                .joined(separator: "; ")
            console.emit("\(variant.name): \(figures.isEmpty ? "done" : figures) (wall \(wall.formattedAsDuration))")
            return
        }
        if context.figures.contains(where: { $0.listed != false }) {
            console.subheading("Measured")
            let figures = context.figures.filter { $0.listed != false }
            let numbers = figures.filter { $0.unit != .text }
            if !numbers.isEmpty {
                var table = Table(headers: ["figure", "value"], rightAligned: [1], showsHeader: false)
                for figure in numbers { table.append([figure.label, figure.formattedValue]) }
                console.table(table)
            }
            for figure in figures where figure.unit == .text {
                console.say(
                    "  \(figure.label): \(figure.formattedValue)".wrapped(to: terminal.width, indent: "    ")
                        .replacingOccurrences(of: "    ", with: "  ", options: .anchored))
            }
        }
        // Collapsed, a table of instant markers only has no rows: then there is no section.
        let collapsed = options.allSteps ? nil : Self.collapsedSteps(steps, origin: spans.map(\.start).min())
        if !steps.isEmpty && collapsed?.shown.rows.isEmpty != true && (options.allSteps || !variant.stepsOnRequest) {
            console.subheading("Where each step ran")
            if let collapsed {
                console.table(collapsed.shown)
                if let note = collapsed.note {
                    console.say(
                        terminal.paint(note.dropFirst(2).description.wrapped(to: terminal.width, indent: "  "), .dim))
                }
            } else {
                console.table(Table.spans(steps, origin: spans.map(\.start).min()))
            }
            // With --steps, once per lesson: the columns mean the same in every variant. A default
            // run keeps to its line budget; the legend is also in the lesson's --help.
            if options.allSteps, !legendShown.withLock({ $0 }) {
                legendShown.withLock { $0 = true }
                console.say(terminal.paint(Table.spansLegend.wrapped(to: terminal.width - 2, indent: "  "), .dim))
            }
        }
        if options.showTrace && !spans.isEmpty {
            console.subheading("Timeline")
            console.say(TimelineRenderer(terminal: terminal).render(spans))
        }
        if options.showTree && !steps.isEmpty {
            console.subheading("Task tree")
            console.say(TaskTree(spans: steps).render(on: terminal))
        }
    }

    /// Returns whether the run told the whole core story (then the takeaways follow it).
    @discardableResult
    private func conclude(_ results: [LessonReport.VariantResult]) -> Bool {
        // The takeaways sum up the core story, so they follow a run that told all of it.
        let ran = Set(results.map(\.name))
        guard !lesson.takeaways.isEmpty, lesson.variants.allSatisfy({ $0.isExtra || ran.contains($0.name) }) else {
            return false
        }
        console.heading("What to take away")
        for line in lesson.takeaways {
            let text = line.wrapped(to: terminal.width, indent: "    ")
            console.say("  • " + text.dropFirst(4))
        }
        return true
    }

    private func writeTrace(_ runs: [ChromeTraceExporter.Run], to path: String) -> Bool {
        do {
            try OutputFile.write(try ChromeTraceExporter.export(runs), to: path)
            if !options.json {
                console.emit(
                    terminal.paint(
                        "\nTrace written to \(path): open it at https://ui.perfetto.dev (or chrome://tracing).", .dim))
            }
            return true
        } catch {
            StandardError.write(
                "\(lesson.name): error: "
                    + (FileErrorWords.sentence(for: error)
                        ?? "cannot write the trace to \(path): \(error.localizedDescription)"))
            return false
        }
    }

    private func writePage(_ page: HTMLTimelinePage, to path: String) -> Bool {
        do {
            try OutputFile.write(Data(page.render().utf8), to: path)
            if !options.json { console.emit(terminal.paint("\nPage written to \(path): open it in a browser.", .dim)) }
            return true
        } catch {
            StandardError.write(
                "\(lesson.name): error: "
                    + (FileErrorWords.sentence(for: error)
                        ?? "cannot write the page to \(path): \(error.localizedDescription)"))
            return false
        }
    }

    private func emitJSON(_ results: [LessonReport.VariantResult]) {
        let report = LessonReport(
            schema: LessonReport.schema, lesson: lesson.name, title: lesson.title,
            scale: options.scale.factor, seed: options.seed,
            environment: .current(), variants: results)
        do {
            console.emit(String(decoding: try report.encoded(), as: UTF8.self))
        } catch {
            StandardError.write("\(lesson.name): error: cannot encode the results: \(error)")
        }
    }
}
