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
