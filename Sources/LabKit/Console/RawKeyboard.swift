import Foundation

/// Single key presses from a terminal, without Enter: the terminal is put in
/// raw (non-canonical, no echo) mode, and restored on `restore()`.
public final class RawKeyboard: Sendable {
    private let original: Locked<termios?>
    private let keys: AsyncStream<Character>
    private let continuation: AsyncStream<Character>.Continuation

    /// Nil when standard input is not a terminal.
    public init?() {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        var settings = termios()
        tcgetattr(STDIN_FILENO, &settings)
        original = Locked(settings)
        var raw = settings
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        (keys, continuation) = AsyncStream.makeStream(of: Character.self)
        let continuation = self.continuation
        // A plain thread blocks in read(2), so no task of the pool is held.
        let reader = Thread {
            var byte: UInt8 = 0
            while read(STDIN_FILENO, &byte, 1) == 1 {
                continuation.yield(Character(UnicodeScalar(byte)))
            }
            continuation.finish()
        }
        reader.start()
    }

    public var presses: AsyncStream<Character> { keys }

    public func restore() {
        original.withLock { settings in
            guard var saved = settings else { return }
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            settings = nil
        }
        continuation.finish()
    }
}
