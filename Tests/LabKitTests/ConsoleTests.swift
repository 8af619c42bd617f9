import Foundation
import Testing

@testable import LabConsole
@testable import LabCore

@Suite("Console: colour, width, tables, progress")
struct ConsoleTests {
    @Test func noColorTurnsColourOff() {
        expect(!Terminal.detect(environment: ["NO_COLOR": "1"]).usesColor)
        expect(!Terminal.detect(environment: ["TERM": "dumb"]).usesColor)
        expect(!Terminal.detect(noColorFlag: true, environment: [:]).usesColor)
        expectEqual(Terminal.plain().paint("x", .red), "x")
        expectEqual(Terminal(isTTY: true, width: 80, usesColor: true).paint("x", .red), "\u{1B}[31mx\u{1B}[0m")
    }

    @Test func widthComesFromColumns() {
        expectEqual(Terminal.detect(environment: ["COLUMNS": "72"]).width, 72)
        // Narrower than the lab lays out for: its narrowest layout, not a pipe's 100 columns.
        for narrow in ["39", "10", "1"] { expectEqual(Terminal.detect(environment: ["COLUMNS": narrow]).width, 40) }
        expectEqual(Terminal.detect(environment: ["COLUMNS": "500"]).width, 200)
        expectEqual(Terminal.detect(environment: ["COLUMNS": "0"]).width, 100, "a pipe's, when no width is known")
    }

    @Test func visibleWidthIgnoresEscapeCodes() {
        expectEqual("\u{1B}[1;31mabc\u{1B}[0m".visibleWidth, 3)
        expectEqual("µs │█".visibleWidth, 5)
    }

    /// Columns as a terminal draws them: a table of names in Japanese, with an emoji, or with a
    /// combining accent lines up its next column.
    @Test func visibleWidthCountsTheColumnsATerminalDraws() {
        expectEqual("牛乳".visibleWidth, 4)
        expectEqual("ｍｉｌｋ".visibleWidth, 8, "full-width forms")
        expectEqual("우유".visibleWidth, 4)
        expectEqual("\u{1F95B} milk".visibleWidth, 7, "an emoji drawn as a picture")
        expectEqual("Cafe\u{301}".visibleWidth, 4, "a combining accent")
        expectEqual("Mi\u{200B}lk".visibleWidth, 4, "a zero-width space")
        expectEqual("\u{1F469}\u{200D}\u{1F373}".visibleWidth, 2, "a joined emoji is one picture")
        expectEqual("\u{1F44D}\u{1F3FD}".visibleWidth, 2, "an emoji with its skin tone")
        expectEqual("\u{1F1EF}\u{1F1F5}".visibleWidth, 2, "a flag")
        expectEqual("\u{2764}\u{FE0F}".visibleWidth, 2, "a character asked to be a picture")
        expectEqual("\u{2764}".visibleWidth, 1, "the same character as text")
        expectEqual("✔ → ─ … ⚠".visibleWidth, 9, "the lessons' symbols take one column each")
    }

    @Test func wideTablesWrapTheirLastColumnToFit() {
        var table = Table(headers: ["name", "description"])
        table.append(["a", String(repeating: "word ", count: 40)])
        let text = table.render(on: .plain(width: 60))
        for line in text.split(separator: "\n") { expectAtMost(String(line).visibleWidth, 60) }
        expectAbove(text.split(separator: "\n").count, 3)
    }

    /// A grid wider than the terminal (a class's 31 exercises) is split into panels, each with
    /// the first column, every cell kept and in its column's order.
    @Test func aWideGridIsSplitIntoPanelsThatEachStartWithTheFirstColumn() {
        let exercises = (1...31).map { String(format: "%02d", $0) }
        var table = Table(headers: ["student"] + exercises + ["solved"], rightAligned: [32])
        table.append(["Zoë"] + exercises.map { "✔" + ($0 == "17" ? "≈" : "") } + ["31/31"])
        table.append(["Ann"] + exercises.map { _ in "✘" } + ["0/31"])
        let text = table.render(on: .plain(width: 60))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for line in lines { expectAtMost(line.visibleWidth, 60, line) }
        let panels = text.components(separatedBy: "\n\n")
        expectAbove(panels.count, 1)
        for panel in panels { expect(panel.hasPrefix("  student"), panel) }
        let headerWords = panels.flatMap { $0.split(separator: "\n")[0].split(separator: " ").dropFirst() }
        expectEqual(headerWords.map(String.init), exercises + ["solved"], "each column once, in order")
        expectEqual(lines.filter { $0.hasPrefix("  Zoë") }.count, panels.count)
        expectEqual(text.filter { $0 == "✔" }.count, 31)
        expect(lines.contains { $0.hasSuffix("31/31") }, "the right-aligned column still ends its row")
        expectEqual(
            Table(headers: table.headers, rows: table.rows).render(on: .plain(width: 200)).contains("\n\n"), false)
    }

    /// Where not even the last column can be wrapped beside the others (`lab doctor` at 40
    /// columns), each row is stacked: its first cell, then the rest under it.
    @Test func aTableTooNarrowForItsColumnsIsStackedRowByRow() {
        var table = Table(headers: ["fact", "on this machine"])
        table.append([
            String(repeating: "f", count: 30), "yes before a suspension, no after — check isolation with #isolation",
        ])
        table.append(["build", "debug"])
        let text = table.render(on: .plain(width: 40))
        for line in text.split(separator: "\n") { expectAtMost(String(line).visibleWidth, 40, String(line)) }
        expect(text.hasPrefix("  " + String(repeating: "f", count: 30) + "\n      yes before"), text)
        expect(text.hasSuffix("  build\n      debug"), text)
        var three = Table(headers: ["task", "ran on", "ended"])
        three.append([String(repeating: "t", count: 30), "main thread", "returned"])
        expectEqual(
            three.render(on: .plain(width: 40)),
            "  " + String(repeating: "t", count: 30) + "\n      ran on: main thread\n      ended: returned")
        // Two columns name a row (a mark and an exercise): both stay on the row's first line.
        var keyed = Table(headers: ["", "exercise", "title"], keyColumns: 2)
        keyed.append(["✔", "01-suspend-not-block", String(repeating: "long title ", count: 3)])
        expectEqual(
            keyed.render(on: .plain(width: 40)),
            "  ✔  01-suspend-not-block\n      long title long title long title")
    }

    /// A coloured phrase wrapped onto several lines closes its colour at each line's end and opens
    /// it again on the next: in a table's middle column it coloured the cells after it, and the
    /// indent of every line under it.
    @Test func aStyledPhraseWrappedKeepsItsColourToItsOwnWords() {
        let terminal = Terminal(isTTY: true, width: 40, usesColor: true)
        let phrase = terminal.paint("one two three four five six seven eight nine ten", .red)
        let lines = ("plain " + phrase + " after").wrapped(to: 24, indent: "  ").split(separator: "\n").map(String.init)
        expectAbove(lines.count, 2)
        for line in lines {
            expect(line.hasPrefix("  "), line)
            let opens = line.components(separatedBy: "\u{1B}[31m").count - 1
            let closes = line.components(separatedBy: "\u{1B}[0m").count - 1
            expectEqual(opens, closes, "each line closes what it opens: \(line.debugDescription)")
        }
        expect(lines.dropFirst().dropLast().allSatisfy { $0.hasPrefix("  \u{1B}[31m") }, "\(lines)")
        expectEqual(
            lines.map(\.visibleWidth),
            ("plain " + phrase + " after").wrapped(to: 24, indent: "  ")
                .split(separator: "\n").map { String($0).visibleWidth })
        var table = Table(headers: ["step", "note", "took"])
        table.append(["fetch", terminal.paint(String(repeating: "slow ", count: 20), .yellow), "3 ms"])
        let coloured = table.render(on: terminal).split(separator: "\n").filter { $0.contains("\u{1B}[33m") }
        expectAbove(coloured.count, 1, "the note wraps onto several lines")
        for line in coloured {
            expect(line.contains("\u{1B}[33m") && !line.hasSuffix("\u{1B}[33m"), String(line).debugDescription)
            let tail = line.components(separatedBy: "\u{1B}[33m").last ?? ""
            expect(tail.contains("\u{1B}[0m"), "the colour ends in its own cell: \(String(line).debugDescription)")
        }
    }

    /// A table too wide to fit with no rows still says what it holds (it printed nothing), and a
    /// key count set past the columns after the table was made neither traps nor hides a column.
    @Test func anEmptyTooWideTableShowsItsHeaderAndKeysAreClampedWhereverSet() {
        let empty = Table(headers: [String(repeating: "h", count: 30), String(repeating: "k", count: 30)])
        let text = empty.render(on: .plain(width: 40))
        expectContains(text, String(repeating: "h", count: 30))
        expectContains(text, String(repeating: "k", count: 30))
        var table = Table(headers: ["task", "ran on", "ended"])
        table.append([String(repeating: "t", count: 30), "main thread", "returned"])
        table.keyColumns = 7
        let narrow = table.render(on: .plain(width: 40))
        expectContains(narrow, "returned")
        table.keyColumns = -2
        expectContains(table.render(on: .plain(width: 40)), "returned")
    }

    /// A panel tells its rows apart: where the first column repeats (a step merged in two tasks),
    /// the next column joins the keys of every panel.
    @Test func panelsKeepColumnsUntilTheirRowsDiffer() {
        var table = Table(headers: ["step", "task", "thread", "start", "took"])
        table.append(["download ×5 ⊘ cancelled", "polling N", "22523, 22521", "0 s–1.8 s", "151 ms–291 ms"])
        table.append(["download ×5 ⊘ cancelled", "handler N", "22523, 22521", "229 ms–2.04 s", "137 ms–281 ms"])
        let panels = table.render(on: .plain(width: 70)).components(separatedBy: "\n\n")
        expectAbove(panels.count, 1)
        for panel in panels {
            expect(panel.contains("polling N") && panel.contains("handler N"), panel)
        }
    }

    /// A column is wrapped only where its longest word fits: `lab doctor` in a 50-column terminal
    /// cut "MainActor.assumeIsolated" across two lines; it is stacked instead.
    @Test func aColumnWhoseWordsDoNotFitIsNotWrapped() {
        var table = Table(headers: ["fact", "on this machine"])
        table.append(["main-actor isolation after it", "confirmed by MainActor.assumeIsolated"])
        let text = table.render(on: .plain(width: 50))
        expectContains(text, "MainActor.assumeIsolated")
        for line in text.split(separator: "\n") { expectAtMost(String(line).visibleWidth, 50, String(line)) }
    }

    /// Nor where its header is wider than the room left (the header is one line): when-it-stops'
    /// frame table at 80 columns drew an 86-column header over a 16-column cell.
    @Test func aColumnIsNotWrappedNarrowerThanItsHeader() {
        var table = Table(
            headers: ["the job as", "took", "frames drawn during it", "longest gap"], rightAligned: [1, 2, 3])
        table.append(["pieces, await Task.yield() between them", "285 ms", "17", "25.8 ms"])
        let text = table.render(on: .plain(width: 80))
        for line in text.split(separator: "\n") { expectAtMost(String(line).visibleWidth, 80, String(line)) }
        expectContains(text, "frames drawn during it")
    }

    /// A column in the middle wraps where it is the widest (an exercise's title before its minutes).
    @Test func theWidestColumnPastTheKeysIsTheOneThatWraps() {
        var table = Table(headers: ["id", "title", "min"], rightAligned: [2])
        table.append(["01", String(repeating: "word ", count: 12), "5"])
        let lines = table.render(on: .plain(width: 40)).split(separator: "\n").map(String.init)
        for line in lines { expectAtMost(line.visibleWidth, 40, line) }
        expect(lines[2].hasPrefix("  01  word") && lines[2].hasSuffix("  5"), lines[2])
        expect(lines[3].hasPrefix("      word"), lines[3])
    }

    /// A variant's heading wraps to the terminal, its later lines under the title's first word.
    @Test func aLongHeadingWrapsUnderItsTitle() {
        let console = Console(terminal: .plain(width: 40), sink: .buffer)
        console.heading("1/1  Mars rovers: three latest photos, sequential vs async let  [rovers]")
        console.subheading("Where each step ran, and on which of the machine's threads")
        let lines = console.capturedText.split(separator: "\n").map(String.init)
        for line in lines { expectAtMost(line.visibleWidth, 40, line) }
        expect(lines[0].hasPrefix("1/1  Mars rovers:"), lines[0])
        expect(lines[1].hasPrefix("     ") && !lines[1].hasPrefix("      "), lines[1])
        expect(lines.contains { $0.hasPrefix("▸ Where each") }, "\(lines)")
        expect(lines.last?.hasPrefix("  ") == true, "\(lines)")
    }

    @Test func quietConsoleDropsNarrationButEmitsResults() {
        let console = Console(terminal: .plain(), narrates: false, sink: .buffer)
        console.say("story")
        console.paragraph("more story")
        console.emit("{\"json\": true}")
        expectEqual(console.capturedText, "{\"json\": true}\n")
    }

    @Test func liveLineIsOnlyForTerminals() {
        let console = Console(terminal: .plain(), sink: .buffer)
        console.setLiveLine("UI frame 1")
        console.emit("line")
        expectEqual(console.capturedText, "line\n", "no live line and no escape codes on a pipe")
        let tty = Console(terminal: Terminal(isTTY: true, width: 80, usesColor: false), sink: .buffer)
        tty.setLiveLine("UI frame 1")
        tty.emit("line")
        expect(tty.capturedText.hasSuffix("line\nUI frame 1"), "the live line is redrawn below new output")
    }

    @Test func progressBarShowsTheFraction() {
        let bar = ProgressBar(title: "bench", total: 8, terminal: .plain(width: 80))
        expectContains(bar.render(done: 0), "0% (0/8)")
        expectContains(bar.render(done: 4), "50% (4/8)")
        expectContains(bar.render(done: 9), "100% (8/8)")
    }

    @Test func wrappingKeepsWordsAndIndent() {
        let text = "the quick brown fox jumps over the lazy dog".wrapped(to: 20, indent: "  ")
        expect(text.split(separator: "\n").allSatisfy { $0.hasPrefix("  ") && $0.count <= 20 })
        expectEqual(
            text.replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: "  ", with: " ")
                .trimmingCharacters(in: .whitespaces), "the quick brown fox jumps over the lazy dog")
    }

    /// A gap of two spaces (between a legend's items) stays two inside a line, and goes where
    /// the line breaks: wrapping closed up the timeline legend's gaps, so its items ran together.
    @Test func wrappingKeepsWideGapsInsideALine() {
        let legend = ["█ blocking", "▓ CPU", "░ suspended", "─ step", "• instant", "✗ failed"]
            .map { $0.replacingOccurrences(of: " ", with: "\u{A0}") }.joined(separator: "  ")
        let lines = legend.wrapped(to: 30, indent: "  ").replacingOccurrences(of: "\u{A0}", with: " ")
            .split(separator: "\n").map(String.init)
        expectEqual(lines, ["  █ blocking  ▓ CPU", "  ░ suspended  ─ step", "  • instant  ✗ failed"])
        expectEqual("  leading and trailing   ".wrapped(to: 40), "leading and trailing")
    }

    /// A help line: its later lines start under the description's first word; where the lead
    /// leaves too little room, the description starts on a line of its own.
    @Test func aHangingLineWrapsUnderItsDescription() {
        let text = "the quick brown fox jumps over the lazy dog and runs far away"
        expectEqual(
            text.wrapped(to: 50, after: "  --out DIR  "),
            "  --out DIR  the quick brown fox jumps over the\n             lazy dog and runs far away")
        expectEqual(text.wrapped(to: 100, after: "  --out DIR  "), "  --out DIR  " + text)
        let narrow = text.wrapped(to: 40, after: "  --a-very-long-option VALUE  ")
        expect(narrow.hasPrefix("  --a-very-long-option VALUE\n      the quick"), "\(narrow)")
        expect(narrow.split(separator: "\n").allSatisfy { $0.count <= 40 }, "\(narrow)")
    }
}
