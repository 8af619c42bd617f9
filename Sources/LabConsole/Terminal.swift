import Foundation

/// What the output device can do: a TTY or a pipe, its width, and whether colour is wanted.
public struct Terminal: Sendable, Equatable {
    public var isTTY: Bool
    public var width: Int
    public var usesColor: Bool

    public init(isTTY: Bool, width: Int, usesColor: Bool) {
        self.isTTY = isTTY
        self.width = width
        self.usesColor = usesColor
    }

    /// Plain output of a fixed width: for tests, pipes and files.
    public static func plain(width: Int = 100) -> Terminal {
        Terminal(isTTY: false, width: width, usesColor: false)
    }

    /// Detects standard output. Colour follows https://no-color.org: any non-empty
    /// `NO_COLOR` turns it off, and so do a pipe, `TERM=dumb` and `--no-color`.
    public static func detect(
        noColorFlag: Bool = false,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Terminal {
        let tty = isatty(STDOUT_FILENO) == 1
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb" || noColorFlag
        return Terminal(
            isTTY: tty, width: measuredWidth(isTTY: tty, environment: environment),
            usesColor: tty && !noColor)
    }

    /// The narrowest width the lab lays out for: a terminal narrower gets this (its lines wrap
    /// there), not the 100 columns of a pipe, which it got before (an audit: 99-column lines in a
    /// 39-column terminal).
    static let narrowest = 40

    /// `COLUMNS`, else the terminal's own width, between `narrowest` and 200; 100 for a pipe.
    static func measuredWidth(isTTY: Bool, environment: [String: String]) -> Int {
        // Zero is what a terminal that does not know its size says: no width at all.
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 {
            return min(max(columns, narrowest), 200)
        }
        if isTTY {
            var size = winsize()
            if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
                return min(max(Int(size.ws_col), narrowest), 200)
            }
        }
        return 100
    }
}
