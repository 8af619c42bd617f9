import LabTimeline
import Testing

@testable import LabConsole
@testable import LabCore
@testable import LabTrace
@testable import LessonKit

/// A merged row (×N) must say what each of its steps did, not what the group spanned.
@Suite("Steps table: merged rows keep each step's own times and marks")
struct MergedStepRowsTests {
    func download(_ id: Int, lane: String, start: Double, end: Double, cancelled: Bool = true) -> Span {
        var span = Span(
            id: id, parent: nil, name: "download", lane: lane, kind: .suspending, isolation: .nonisolated,
            start: start, end: end, startThread: 1, endThread: 1)
        if cancelled { span.outcome = .cancelled }
        return span
    }

    /// Five downloads started together in five tasks, each cancelled after its own time.
    var cancelledDownloads: [Span] {
        [0.137, 0.301, 0.2, 0.25, 0.16].enumerated().map {
            download(
                $0.offset, lane: "polling \($0.offset + 1)", start: 0.01 * Double($0.offset),
                end: 0.01 * Double($0.offset) + $0.element)
        }
    }

    @Test func aMergedRowShowsTheRangeOfItsStepsOwnDurations() throws {
        let rows = Table.spans(cancelledDownloads, collapsing: true).rows
        let row = try unwrap(rows.first)
        expectEqual(rows.count, 1)
        expect(row[0].hasPrefix("download ×5"))
        expectEqual(row[5], "137 ms–301 ms", "each step's own time, not the group's stretch (0 s to 341 ms)")
        expectEqual(row[4], "0 s–40 ms")
    }

    @Test func aMergedRowKeepsTheCancellationMark() throws {
        let row = try unwrap(Table.spans(cancelledDownloads, collapsing: true).rows.first)
        expectContains(row[0], "⊘ cancelled")
        let finished = (0..<3).map { download($0, lane: "t \($0)", start: 0, end: 0.1, cancelled: false) }
        expectEqual(Table.spans(finished, collapsing: true).rows.first?[0], "download ×3")
    }

    @Test func cancelledAndFinishedStepsAreNotMergedIntoOneRow() {
        let spans = cancelledDownloads + [download(9, lane: "polling 9", start: 0, end: 0.5, cancelled: false)]
        expectEqual(Table.spans(spans, collapsing: true).rows.count, 2)
    }

    @Test func stepsWithTheSameTimeShowOneFigure() throws {
        let spans = (0..<3).map { download($0, lane: "t \($0)", start: 0, end: 0.1, cancelled: false) }
        let row = try unwrap(Table.spans(spans, collapsing: true).rows.first)
        expect(row[4] == "0 s" && row[5] == "100 ms")
    }

    func wait(_ id: Int, on thread: UInt64, resumedOn end: UInt64? = nil) -> Span {
        Span(
            id: id, parent: nil, name: "wait", lane: "blocking \(id + 1)", kind: .blocking, isolation: .nonisolated,
            start: 0.25 * Double(id / 2), end: 0.25 * Double(id / 2 + 1), startThread: thread,
            endThread: end ?? thread)
    }

    /// Four blocking waits on two threads (taskset -c 0, a pool of two): the row names both,
    /// not the first step's thread alone.
    @Test func aMergedRowNamesEveryThreadItsStepsRanOn() throws {
        let twoThreads = [wait(0, on: 4477), wait(1, on: 4478), wait(2, on: 4477), wait(3, on: 4478)]
        let row = try unwrap(Table.spans(twoThreads, collapsing: true).rows.first)
        expect(row[0].hasPrefix("wait ×4"), "\(row)")
        expectEqual(row[3], "4477, 4478")
        let oneThread = (0..<4).map { wait($0, on: 4477) }
        expectEqual(Table.spans(oneThread, collapsing: true).rows.first?[3], "4477")
        let resumed = [wait(0, on: 4477, resumedOn: 4478), wait(1, on: 4477)]
        expectEqual(Table.spans(resumed, collapsing: true).rows.first?[3], "4477, 4478")
        let many = (0..<5).map { wait($0, on: 4470 + UInt64($0)) }
        expectEqual(Table.spans(many, collapsing: true).rows.first?[3], "5 threads")
        // One step keeps its own a→b.
        expectEqual(Table.spans([wait(0, on: 1, resumedOn: 2)], collapsing: true).rows.first?[3], "1→2")
        expectContains(Table.spansLegend, "every thread its steps started or resumed on")
    }

    @Test func theNoteCountsWhatTheTableLeftOut() {
        let marks = (0..<4).map {
            Span(
                id: 100 + $0, parent: nil, name: "mark", lane: "l", kind: .step, isolation: .mainActor,
                start: 1, end: 1, startThread: 1, endThread: 1)
        }
        let steps = cancelledDownloads + marks
        expectEqual(
            LessonSession.collapsedNote(steps: steps, rows: 1, shown: 1),
            "  (5 steps in 1 row, alike ones merged ×N; 4 instant markers left out: --steps lists each)")
        expectEqual(
            LessonSession.collapsedNote(steps: Array(steps.prefix(2)), rows: 2, shown: 2), nil,
            "nothing left out, nothing to say")
        expectEqual(
            LessonSession.collapsedNote(steps: Array(steps.prefix(5)), rows: 5, shown: 3),
            "  (2 more rows not shown: --steps lists each)")
    }
}
