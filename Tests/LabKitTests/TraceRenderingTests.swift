import Foundation
import Testing

@testable import LabConsole
@testable import LabCore
@testable import LabTimeline
@testable import LabTrace
@testable import LessonKit

@Suite("Trace: timeline and Chrome export")
struct TraceRenderingTests {
    static let spans: [Span] = [
        Span(
            id: 0, parent: nil, name: "doSomething()", lane: "button", kind: .step, isolation: .mainActor,
            start: 0, end: 0.3, startThread: 10, endThread: 10),
        Span(
            id: 1, parent: 0, name: "takesTooLong()", lane: "button", kind: .blocking, isolation: .mainActor,
            start: 0.02, end: 0.27, startThread: 10, endThread: 10),
        Span(
            id: 2, parent: nil, name: "fetch", lane: "download", kind: .suspending, isolation: .actor("Store"),
            start: 0.1, end: 0.2, startThread: 11, endThread: 12),
        Span(
            id: 3, parent: nil, name: "cancel()", lane: "button", kind: .step, isolation: .nonisolated,
            start: 0.25, end: 0.25, startThread: 10, endThread: 10),
    ]

    @Test func plainTimelineFitsTheWidthAndNamesEveryLane() {
        let text = TimelineRenderer(terminal: .plain(width: 80)).render(Self.spans)
        expectNotContains(text, "\u{1B}[", "no escape codes without colour")
        for line in text.split(separator: "\n") {
            expectAtMost(String(line).visibleWidth, 80, "too wide: \(line)")
        }
        expectContains(text, "button")
        expectContains(text, "download")
        expectContains(text, "█", "blocking work is drawn")
        expectContains(text, "░", "suspended work is drawn")
        expectContains(text, "blocking (holds a thread)", "the legend explains the glyphs")
        expect(text.contains("main actor") && text.contains("Store"), "the isolation is named without colour")
    }

    /// On a narrow terminal the lanes, the axis and the legend still fit, a long lane keeps both
    /// its start and its end (what tells nested lanes apart), and no symbol of the legend is
    /// parted from its meaning.
    @Test func aNarrowTimelineFitsAndKeepsWhatTellsLanesApart() {
        let lanes = ["semaphore process › waiter 1 › answer 1", "continuation process › waiter 1 › answer 1"]
        let spans = lanes.enumerated().map { index, lane in
            Span(
                id: index, parent: nil, name: "wait", lane: lane, kind: .suspending, isolation: .nonisolated,
                start: 0, end: 1, startThread: 1, endThread: 1)
        }
        let text = TimelineRenderer(terminal: .plain(width: 60)).render(spans)
        for line in text.split(separator: "\n") { expectAtMost(String(line).visibleWidth, 60, String(line)) }
        let labels = text.split(separator: "\n").prefix(2).map { String($0.prefix { $0 != "│" }) }
        expect(labels[0].hasPrefix("  sema") && labels[1].hasPrefix("  cont"), "\(labels)")
        expect(labels.allSatisfy { $0.contains("answer 1") && $0.contains("…") }, "\(labels)")
        for (symbol, meaning) in [("▓", "CPU"), ("░", "suspended"), ("⊘", "cancelled"), ("■", "never ended")] {
            let line = text.split(separator: "\n").first { $0.contains(symbol + " ") && !$0.contains("│") }
            expect(line?.contains(symbol + " " + meaning) == true, "\(symbol): \(line ?? "")")
        }
        expectEqual(TimelineRenderer.shortened("short", to: 10), "short")
        expectEqual(TimelineRenderer.shortened("abcdefghijklmnop", to: 10), "abc…klmnop")
    }

    /// B3: a lane's place is where its steps' code ran (as the steps table says), and "+" marks a
    /// lane that also ran elsewhere, even when every step was awaited from the main actor.
    @Test func aLanesPlaceIsWhereItsStepsRanNotWhereTheyWereAwaited() throws {
        var fetch = Span(
            id: 1, parent: 0, name: "fetch (awaited)", lane: "top-level task", kind: .suspending,
            isolation: .mainActor, start: 0.05, end: 0.25, startThread: 10, endThread: 10)
        fetch.workIsolation = .nonisolated
        let top = Span(
            id: 0, parent: nil, name: "load", lane: "top-level task", kind: .step, isolation: .mainActor,
            start: 0, end: 0.3, startThread: 10, endThread: 10)
        var producer = Span(
            id: 2, parent: nil, name: "produce", lane: "producer", kind: .suspending, isolation: .mainActor,
            start: 0, end: 0.3, startThread: 10, endThread: 11)
        producer.workIsolation = .nonisolated
        let text = TimelineRenderer(terminal: .plain(width: 100)).render([top, fetch, producer])
        let lines = text.split(separator: "\n").map(String.init)
        let topLine = try unwrap(lines.first { $0.contains("top-level task") })
        expect(topLine.hasSuffix("main actor+"), "it also ran nonisolated: \(topLine)")
        let producerLine = try unwrap(lines.first { $0.contains("producer") && $0.contains("│") })
        expect(producerLine.hasSuffix("nonisolated"), "\(producerLine)")
    }

    @Test func colouredTimelineUsesEscapeCodesButKeepsTheSameWidth() {
        let terminal = Terminal(isTTY: true, width: 90, usesColor: true)
        let text = TimelineRenderer(terminal: terminal).render(Self.spans)
        expectContains(text, "\u{1B}[")
        for line in text.split(separator: "\n") { expectAtMost(String(line).visibleWidth, 90) }
    }

    @Test func chromeTraceIsValidTraceEventJSON() throws {
        let data = try ChromeTraceExporter.export([.init(name: "demo", spans: Self.spans)])
        let root = try unwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let events = try unwrap(root["traceEvents"] as? [[String: Any]])
        let complete = events.filter { $0["ph"] as? String == "X" }
        expectEqual(complete.count, 3)
        for event in complete {
            expect(event["ts"] is Double || event["ts"] is Int)
            expectAbove((event["dur"] as? Double ?? 0), 0)
            expect(event["pid"] is Int && event["tid"] is Int)
            expect(event["name"] is String)
        }
        let takes = try unwrap(complete.first { $0["name"] as? String == "takesTooLong()" })
        expectBelow(abs((takes["ts"] as? Double ?? 0) - 20_000), 0.01, "microseconds")
        expectBelow(abs((takes["dur"] as? Double ?? 0) - 250_000), 0.01)
        let instants = events.filter { $0["ph"] as? String == "i" }
        expectEqual(instants.count, 1)
        let laneNames = events.filter { $0["name"] as? String == "thread_name" }
            .compactMap { ($0["args"] as? [String: Any])?["name"] as? String }
        expectEqual(Set(laneNames), ["button", "download"])
    }

    @Test func spanTableListsWhereEachStepRan() {
        let text = Table.spans(Self.spans).render(on: .plain())
        expectContains(text, "takesTooLong()")
        expectContains(text, "actor Store")
        expectContains(text, "11→12", "a task that resumed on another thread shows both")
    }
}

@Suite("Steps table")
struct StepsTableTests {
    func span(
        _ id: Int, _ name: String, lane: String = "l", isolation: Isolation = .mainActor, work: Isolation? = nil,
        start: Double, end: Double, threads: (UInt64, UInt64) = (1, 1)
    ) -> Span {
        var span = Span(
            id: id, parent: nil, name: name, lane: lane, kind: .step, isolation: isolation,
            start: start, end: end, startThread: threads.0, endThread: threads.1)
        span.workIsolation = work
        return span
    }

    @Test func theWorkersPlaceIsShownWithTheAwaitingCaller() {
        let table = Table.spans([span(0, "download", work: .nonisolated, start: 0, end: 0.075)])
        expectEqual(table.rows[0][2], "nonisolated (awaited from main actor)")
        expectEqual(Table.spans([span(0, "set", start: 0, end: 0)]).rows[0][2], "main actor")
    }

    @Test func alikeStepsInARowAreMergedAndCounted() {
        let spans =
            (0..<18).map { span($0, "yield hour \($0)", start: Double($0), end: Double($0) + 0.5) }
            + [span(18, "done", start: 20, end: 21)]
        let merged = Table.spans(spans, collapsing: true)
        expectEqual(merged.rows.count, 2)
        expectEqual(merged.rows[0][0], "yield hour N ×18")
        expectEqual(Table.spans(spans).rows.count, 19, "without collapsing, every step has its row")
    }

    @Test func instantMarkersAreLeftOutWhenCollapsedAndListedWithEveryStep() {
        let spans = [span(0, "download", start: 0, end: 0.2), span(1, "parent.cancel()", start: 0.1, end: 0.1)]
        expectEqual(Table.spans(spans, collapsing: true).rows.map { $0[0] }, ["download"])
        expectEqual(Table.spans(spans).rows.map { $0[0] }, ["download", "parent.cancel()"])
    }

    @Test func stepsInAnotherTaskOrPlaceAreNotMerged() {
        let spans = [
            span(0, "call 1", lane: "a", start: 0, end: 1), span(1, "call 2", lane: "b", start: 0, end: 1),
            span(2, "call 3", lane: "b", isolation: .nonisolated, start: 1, end: 2),
        ]
        expectEqual(Table.spans(spans, collapsing: true).rows.count, 3)
    }

    @Test func theThreadColumnShowsAResumeOnAnotherThread() {
        expectEqual(Table.spans([span(0, "s", start: 0, end: 1, threads: (7, 9))]).rows[0][3], "7→9")
        expectContains(Table.spansLegend, "a→b")
    }
}

@Suite("Figures read as words where they are yes or no")
struct FlagFigureTests {
    @Test func flagsPrintAsYesOrNoAndStayNumbersInJSON() throws {
        let yes = Figure(key: "k", label: "l", value: 1, unit: .flag)
        expectEqual(yes.formattedValue, "yes")
        expectEqual(Figure(key: "k", label: "l", value: 0, unit: .flag).formattedValue, "no")
        let json = String(decoding: try JSONEncoder().encode(yes), as: UTF8.self)
        expectContains(json, "\"value\":1")
    }
}
