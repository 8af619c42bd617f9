import Foundation
import LabCore

/// Where a lesson's words go. Safe to use from any task: each call writes whole lines.
public final class Console: Sendable {
    public let terminal: Terminal
    /// When false, narration is dropped (for `--quiet` and `--json`); `emit` still prints.
    public let narrates: Bool
    private let sink: Locked<TextSink>
    /// A status line redrawn in place under the output (TTY only), e.g. the UI loop's frames.
    private let liveLine = Locked<String?>(nil)
    /// Every paragraph, narrated or not: `--json` reports what each variant said, so a test can
    /// check each figure in a sentence against the figures the run recorded.
    private let paragraphs = Locked<[String]>([])
    /// Everything a lesson showed, in order, narrated or not: its paragraphs and notes as prose,
    /// and what it prints as it is (a compiler's message, the program's output, a table) as
    /// preformatted text. A lesson's page shows both: with paragraphs alone, a sentence that ends
    /// "…Swift 6 refuses to compile it:" was followed by nothing (an audit, ten places).
    private let shown = Locked<[Shown]>([])

    /// One piece of what was shown (`shownSoFar`).
    public struct Shown: Sendable, Equatable {
        public let text: String
        /// Printed as it is, in columns: set in a monospaced block, not wrapped as prose.
        public let preformatted: Bool

        public init(_ text: String, preformatted: Bool) {
            self.text = text
            self.preformatted = preformatted
        }
    }

    public init(terminal: Terminal, narrates: Bool = true, sink: TextSink = .standardOutput) {
        self.terminal = terminal
        self.narrates = narrates
        self.sink = Locked(sink)
    }

    /// Writes text as is, whatever the narration setting (results, JSON).
    /// A live line, if shown, is cleared first and redrawn below the text.
    public func emit(_ text: String) {
        let live = liveLine.withLock { $0 }
        sink.withLock { sink in
            if live != nil { sink.write("\r\u{1B}[2K") }
            sink.write(text + "\n")
            if let live { sink.write(live) }
        }
    }

    /// Whether a live line would be shown: only on a terminal, only when narrating.
    public var showsLiveLine: Bool { terminal.isTTY && narrates }

    /// Shows or replaces the live line; `nil` removes it.
    public func setLiveLine(_ text: String?) {
        guard showsLiveLine else { return }
        liveLine.withLock { $0 = text }
        sink.withLock { $0.write("\r\u{1B}[2K" + (text ?? "")) }
    }

    /// Narration: dropped when the console does not narrate. Shown on a page as it is printed.
    public func say(_ text: String) {
        shown.withLock { $0.append(Shown(text, preformatted: true)) }
        narrate(text)
    }

    private func narrate(_ text: String) {
        guard narrates else { return }
        emit(text)
    }

    /// A heading is the page's own (its sections are titled): not recorded in `shownSoFar`.
    /// Wrapped to the terminal's width, its later lines under its first word after a number
    /// ("1/3  A title that goes on").
    public func heading(_ title: String) {
        let number = title.prefix { $0 != " " } + "  "
        let wrapped =
            title.hasPrefix(number) && number.first?.isNumber == true
            ? String(title.dropFirst(number.count)).wrapped(to: terminal.width, after: String(number))
            : title.wrapped(to: terminal.width)
        narrate("\n" + terminal.paint(wrapped, .bold + .underline))
    }

    public func subheading(_ title: String) {
        shown.withLock { $0.append(Shown(title, preformatted: false)) }
        narrate("\n" + terminal.paint(title.wrapped(to: terminal.width, after: "▸ "), .bold))
    }

    /// A paragraph wrapped to the terminal width.
    public func paragraph(_ text: String, style: Style = .plain) {
        paragraphs.withLock { $0.append(text) }
        shown.withLock { $0.append(Shown(text, preformatted: false)) }
        narrate(terminal.paint(text.wrapped(to: terminal.width, indent: "  "), style))
    }

    /// A line of program output, shown as the original code would print it.
    public func output(_ text: String) {
        shown.withLock { $0.append(Shown("│ " + text, preformatted: true)) }
        narrate(terminal.paint("  │ ", .gray) + text)
    }

    public func note(_ text: String) {
        shown.withLock { $0.append(Shown("※ " + text, preformatted: false)) }
        narrate(terminal.paint(("※ " + text).wrapped(to: terminal.width, indent: "  "), .yellow))
    }

    public func table(_ table: Table) {
        let rendered = table.render(on: terminal)
        shown.withLock { $0.append(Shown(rendered, preformatted: true)) }
        narrate(rendered)
    }

    /// The paragraphs said so far, in order (narrated or not).
    public var paragraphsSaid: [String] { paragraphs.withLock { $0 } }

    /// Everything shown so far, in order (narrated or not): see `Shown`.
    public var shownSoFar: [Shown] { shown.withLock { $0 } }

    /// The text written so far, when the sink is a buffer (tests).
    public var capturedText: String { sink.withLock { $0.captured } }
}

/// The destination of console text: standard output, or a buffer for tests.
public struct TextSink: Sendable {
    private enum Destination: Sendable {
        case standardOutput, standardError, buffer
    }
    private let destination: Destination
    fileprivate var captured = ""

    public static let standardOutput = TextSink(destination: .standardOutput)
    /// For a run whose standard output carries a file the user asked for (`--html /dev/stdout`):
    /// the text goes beside it, not into it.
    public static let standardError = TextSink(destination: .standardError)
    public static var buffer: TextSink { TextSink(destination: .buffer) }

    fileprivate mutating func write(_ text: String) {
        switch destination {
        case .standardOutput: StandardOutput.write(text)
        // Nowhere is left to say that standard error cannot be written.
        case .standardError: _ = Descriptor.writeAll(Data(text.utf8), to: STDERR_FILENO)
        case .buffer: captured += text
        }
    }
}
