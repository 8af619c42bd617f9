import Foundation
import Testing

@testable import LabConsole
@testable import LabCore
@testable import LabTimeline
@testable import LabTrace

/// The timeline page draws what the trace says: one lane per task, bars in the trace's order,
/// a cancellation's mark where it was recorded, and no label over another.
@Suite("Trace: the HTML timeline page")
struct TimelinePageTests {
    static func span(
        _ id: Int, _ lane: String, parent: Int? = nil, _ start: Double, _ end: Double, kind: WorkKind = .step,
        isolation: Isolation = .nonisolated, task: Int? = nil, outcome: Span.Outcome? = nil,
        threads: (UInt64, UInt64) = (7, 7)
    ) -> Span {
        var span = Span(
            id: id, parent: parent, name: "step \(id)", lane: lane, kind: kind, isolation: isolation, start: start,
            end: end, startThread: threads.0, endThread: threads.1, task: task ?? (id + 1))
        span.outcome = outcome
        return span
    }

    /// Under `taskset -c 0` (CI's one-CPU lane) the page names the one CPU of the machine's two,
    /// not the machine's count alone.
    @Test func aRecordedPageNamesTheCPUsThisProcessMayUse() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lab-page-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: path) }
        try await TimelinePageRecorder.record("Two steps", to: path.path) { probe in
            probe.syncSpan("one", kind: .cpu) { _ = CPUWork.run(units: 1_000) }
            probe.syncSpan("two", kind: .cpu) { _ = CPUWork.run(units: 1_000) }
        }
        let page = try String(contentsOf: path, encoding: .utf8)
        expectContains(page, HTMLText.escape("steps traced · \(CPUCountWords.usable())"), "\(page.prefix(2_000))")
    }

    @Test func twentyTasksOneAfterAnotherDrawTwentyLanes() async {
        let probe = Probe()
        await Task.detached {
            for index in 0..<20 { await Task { await probe.span("step \(index)") {} }.value }
        }.value
        let spans = probe.spans
        let layout = TimelineLayout.tasks(spans)
        expectEqual(layout.lanes.count, 20)
        expectEqual(layout.lanes.count, TaskTree(spans: spans).flattened.count)
        let html = HTMLTimelinePage(title: "twenty", sections: [.init(title: "run", anchor: "run", spans: spans)])
            .render()
        expectContains(html, "data-lanes=\"20\"")
        let threadLanes = TimelineLayout.threads(spans).lanes.count
        expectEqual(html.components(separatedBy: "<g class=\"lane\"").count - 1, 20 + threadLanes)
    }

    @Test func aCancelledChildShowsItsMarkAtTheTimeTheTraceRecorded() async throws {
        let probe = Probe()
        await Task.detached {
            await probe.span("parent") {
                await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask(name: "sleeper") {
                        try await probe.span("sleep", kind: .suspending) { try await Task.sleep(for: .seconds(60)) }
                    }
                    // Cancelled before or after its sleep began: either way the step ends cancelled.
                    group.cancelAll()
                    while (try? await group.next()) != nil {}
                }
            }
        }.value
        let cancelled = try unwrap(probe.spans.first { $0.outcome == .cancelled })
        let layout = TimelineLayout.tasks(probe.spans)
        let lane = try unwrap(layout.lanes.first { $0.title == cancelled.lane })
        let mark = try unwrap(lane.marks.first { $0.kind == .cancelled })
        expectEqual(mark.time, cancelled.end)
        expectBelow(abs(mark.x - (layout.x(cancelled.end) + 2)), 0.001)
        expect(layout.texts.contains { $0.role == .outcome && $0.text == "⊘" })
        let html = HTMLTimelinePage(title: "t", sections: [.init(title: "run", anchor: "run", spans: probe.spans)])
            .render()
        expectContains(html, "<g class=\"mark cancelled\" data-time=\"\(cancelled.end)\"")
    }

    @Test func barsFollowTheTraceInOrderAndInPlace() {
        let spans = [
            Self.span(0, "main", 0, 1, isolation: .mainActor, task: 1),
            Self.span(1, "main › a", parent: 0, 0.1, 0.4, task: 2),
            Self.span(2, "main › b", parent: 0, 0.3, 0.9, kind: .blocking, task: 3),
            Self.span(3, "main › a", parent: 0, 0.5, 0.6, task: 2),
        ]
        let layout = TimelineLayout.tasks(spans)
        expectEqual(layout.lanes.map(\.title), ["main", "main › a", "main › b"])
        expectEqual(layout.lanes.map(\.depth), [0, 1, 1])
        let bars = layout.lanes.flatMap(\.bars)
        expectEqual(bars.map(\.span.id), [0, 1, 3, 2])
        for bar in bars {
            expectBelow(abs(bar.x - layout.x(bar.span.start)), 0.001)
            expectBelow(abs(bar.x + bar.width - layout.x(bar.span.end)), 0.001)
        }
        let laneA = layout.lanes[1].bars
        expectBelow(laneA[0].x, laneA[1].x)
        expectEqual(layout.lanes[0].bars[0].place, .mainActor)
        expectEqual(layout.lanes[2].bars[0].place, .globalExecutor)
    }

    @Test func nestedStepsOfOneTaskGoInRowsBelowEachOther() {
        let spans = [Self.span(0, "t", 0, 1, task: 1), Self.span(1, "t", parent: 0, 0.2, 0.5, task: 1)]
        let lane = TimelineLayout.tasks(spans).lanes[0]
        expectBelow(lane.bars[0].y, lane.bars[1].y)
        expectAtLeast(lane.height, 2 * TimelineLayout.rowHeight)
    }

    /// Many tasks with long names, deep nesting, and cancellations a moment apart in one row:
    /// the hardest case for labels, and none may cover another.
    @Test func noLabelCoversAnother() {
        var spans: [Span] = []
        var lane = "a task with a very long name that cannot fit in the label column at all"
        for depth in 0..<12 {
            spans.append(Self.span(depth, lane, parent: depth == 0 ? nil : depth - 1, 0, 1, task: depth + 1))
            lane += " › child \(depth)"
        }
        for index in 0..<30 {
            spans.append(
                Self.span(
                    100 + index, "crowded", Double(index) * 0.001, Double(index) * 0.001 + 0.0005, task: 500,
                    outcome: index.isMultiple(of: 2) ? .cancelled : .failed))
        }
        for layout in [TimelineLayout.tasks(spans), TimelineLayout.threads(spans)] {
            let texts = layout.texts
            expectAbove(texts.count, 20)
            for (index, text) in texts.enumerated() {
                for other in texts[(index + 1)...] {
                    expect(!text.overlaps(other), "\(text.text) at \(text.x) covers \(other.text) at \(other.x)")
                }
                if text.role == .laneTitle {
                    expectAtMost(text.x + text.width, TimelineLayout.plotX - 8)
                }
            }
            // Every outcome is still drawn, moved aside rather than dropped.
            expectEqual(layout.texts.filter { $0.role == .outcome }.count, 30)
        }
    }

    /// task-groups' failing child, by thread: the failure and three cancelled siblings all ended
    /// as the run did, on one thread. Their marks queue to the right of the plot, and the fourth
    /// was drawn past the drawing's edge, cut off: the page showed two ⊘ of three. Now the plot
    /// makes room and the drawing keeps its width; twenty such marks widen it instead.
    @Test(arguments: [4, 20])
    func outcomeMarksAtTheRunsEndStayInsideTheDrawing(marks: Int) throws {
        let spans =
            [Self.span(0, "rovers", 0, 0.14)]
            + (1...marks).map { index in
                Self.span(
                    index, "rover \(index)", 0.14, 0.27 + Double(index) * 1e-6, kind: .suspending, task: 10 + index,
                    outcome: index == 1 ? .failed : .cancelled, threads: (8, 7))
            }
        for (layout, view) in [(TimelineLayout.tasks(spans), "tasks"), (TimelineLayout.threads(spans), "threads")] {
            expectEqual(layout.texts.filter { $0.role == .outcome }.count, marks, view)
            let svg = TimelineSVG.render(layout, view: view, caption: "c")
            let viewBox = try unwrap(svg.firstMatch(of: #/viewBox="0 0 ([0-9.]+) /#)?.1)
            let drawn = try unwrap(Double(viewBox))
            for text in layout.texts {
                expectAtMost(text.x + text.width, drawn, "\(view): \(text.text) at \(text.x) past the edge")
            }
            expectContains(svg, "width=\"\(viewBox)\"", "the drawing as wide as its view box")
            if marks == 4 { expectEqual(drawn, TimelineLayout.width, "\(view): room made in the plot") }
        }
        // On the page both views keep one time axis: their grid lines at the same x.
        let page = HTMLTimelinePage(title: "t", sections: [.init(title: "run", anchor: "run", spans: spans)]).render()
        let axes = page.components(separatedBy: "<svg class=\"timeline").dropFirst().map { drawing in
            drawing.matches(of: #/<line class="grid" x1="([0-9.]+)"/#).map { String($0.1) }
        }
        expectEqual(axes.count, 2)
        expectEqual(axes.first, axes.last, "the task and thread views' ticks")
    }

    @Test func theThreadViewDrawsOnlyStepsThatHoldTheirThreadAsBars() {
        let spans = [
            Self.span(0, "t", 0, 1, kind: .blocking, threads: (1, 1)),
            Self.span(1, "u", 0, 1, kind: .suspending, threads: (1, 2)),
            Self.span(2, "v", 0, 1, kind: .cpu, threads: (2, 2)),
        ]
        let layout = TimelineLayout.threads(spans, mainThread: 1)
        expectEqual(layout.lanes.map(\.title), ["thread 1 (main)", "thread 2"])
        expectEqual(layout.lanes.map { $0.bars.map(\.span.id) }, [[0], [2]])
        expectEqual(layout.lanes[0].marks.map(\.kind), [.began])
        expectEqual(layout.lanes[1].marks.map(\.kind), [.ended])
    }

    @Test func whereAStepRanIsOneOfFourPlaces() {
        var actorSpan = Self.span(0, "a", 0, 1, isolation: .mainActor)
        actorSpan.workIsolation = .actor("Store")
        expectEqual(ExecutionPlace(actorSpan), .actor)
        expectEqual(ExecutionPlace.describe(actorSpan), "actor Store")
        expectEqual(ExecutionPlace(Self.span(0, "b", 0, 1, isolation: .mainActor)), .mainActor)
        expectEqual(ExecutionPlace(Self.span(0, "c", 0, 1)), .globalExecutor)
        expectEqual(ExecutionPlace(Self.span(0, "outside any task", 0, 1, task: 0)), .threadOfItsOwn)
        // Colour is never alone: each place has its own pattern and letter too.
        let letters: Set<String> = Set(ExecutionPlace.allCases.map(\.letter))
        let patterns: Set<String> = Set(ExecutionPlace.allCases.map(\.patternID))
        expectEqual(letters.count, 4)
        expectEqual(patterns.count, 4)
    }

    @Test func thePageIsSelfContainedAndEscapesWhatItShows() {
        let span = Span(
            id: 0, parent: nil, name: "<script>alert(1)</script>", lane: "<lane>", kind: .step,
            isolation: .nonisolated, start: 0, end: 1, startThread: 1, endThread: 1, task: 1)
        let html = HTMLTimelinePage(
            title: "A & B", introduction: ["\u{1B}[1mbold\u{1B}[0m said"],
            sections: [.init(title: "run", anchor: "run", narration: ["x < y"], spans: [span])]
        ).render()
        expect(html.contains("&lt;script&gt;") && html.contains("x &lt; y") && html.contains("A &amp; B"))
        expectContains(html, "<p>bold said</p>")
        // Nothing to fetch and nothing to run: it works offline, from a file.
        expect(!html.contains("<script") && !html.contains("<link") && !html.contains("src="))
        expectContains(html, "<table class=\"steps\">")
    }

    @Test func theAxisHasRoundTicks() {
        let ticks = TimelineLayout.ticks(from: 0, to: 0.26)
        expectEqual(ticks.count, 6)
        expect(zip(ticks, ticks.dropFirst()).allSatisfy { abs($1 - $0 - 0.05) < 1e-9 })
        expectAtMost(TimelineLayout.ticks(from: 0, to: 3).count, 9)
    }
}

@Suite("Trace: the page's UI-frames strip")
struct TimelineFramesTests {
    /// The UI loop's frames are drawn above the tasks, not as a task: the lanes stay the tree's.
    @Test func framesAreAStripNotALane() {
        let spans = [TimelinePageTests.span(0, "button action", 0.1, 0.3, isolation: .mainActor)]
        let frames = [0.0, 0.05, 0.35]
        let layout = TimelineLayout.tasks(spans, frames: frames)
        expectEqual(layout.lanes.count, 1)
        expectEqual(layout.frames?.xs.count, 3)
        expectEqual(layout.end, 0.35)
        expectAbove((layout.lanes.first?.y ?? 0), (layout.frames?.y ?? .infinity))
        var section = HTMLTimelinePage.Section(title: "run", anchor: "run", spans: spans)
        section.frames = frames
        let html = HTMLTimelinePage(title: "t", sections: [section]).render()
        expectContains(html, "<g class=\"frames\" data-count=\"3\">")
    }
}
