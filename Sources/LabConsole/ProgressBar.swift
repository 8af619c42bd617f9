import Foundation

/// A progress bar for long work. On a TTY it redraws one line in place; on a pipe
/// it prints a plain line at each quarter so logs stay short and readable.
public struct ProgressBar: Sendable {
    public let title: String
    public let total: Int
    private let terminal: Terminal
    private var lastQuarter = -1

    public init(title: String, total: Int, terminal: Terminal) {
        self.title = title
        self.total = max(1, total)
        self.terminal = terminal
    }

    /// The text for `done` of `total` steps: what `update` draws.
    public func render(done: Int) -> String {
        let fraction = Double(min(done, total)) / Double(total)
        let barWidth = max(10, min(40, terminal.width - title.count - 20))
        let filled = Int((fraction * Double(barWidth)).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
        return "\(title) \(terminal.paint(bar, .cyan)) \(Int(fraction * 100))% (\(min(done, total))/\(total))"
    }

    public mutating func update(done: Int) {
        if terminal.isTTY {
            _ = Descriptor.writeAll(Data(("\r\u{1B}[2K" + render(done: done)).utf8), to: STDERR_FILENO)
        } else {
            let quarter = min(done, total) * 4 / total
            if quarter != lastQuarter {
                lastQuarter = quarter
                _ = Descriptor.writeAll(Data((render(done: done) + "\n").utf8), to: STDERR_FILENO)
            }
        }
    }

    public func finish() {
        if terminal.isTTY { _ = Descriptor.writeAll(Data("\r\u{1B}[2K".utf8), to: STDERR_FILENO) }
    }
}
