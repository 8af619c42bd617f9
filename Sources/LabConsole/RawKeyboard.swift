import Foundation
import LabCore
import Synchronization

/// Single key presses from a terminal, without Enter: the terminal is put in
/// raw (non-canonical, no echo) mode, and restored on `restore()` — and also when
/// the program is stopped by Ctrl-C, `kill` or a closed terminal (SIGINT, SIGTERM,
/// SIGHUP), which a `defer` never sees: without this a student's shell is left
/// without echo. The signals arrive on a dispatch source, so restoring works even
/// while the main actor is blocked (the live lesson blocks it on purpose).
public final class RawKeyboard: Sendable {
    static let stoppingSignals = [SIGINT, SIGTERM, SIGHUP]
    private let original: Locked<termios?>
    // Dispatch sources are not Sendable on Linux: Mutex takes them over (`sending`) where
    // Locked, which holds only Sendable values, cannot. Touched twice, never contended.
    private let signalSources: Mutex<[any DispatchSourceSignal]>
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
        let (keys, continuation) = AsyncStream.makeStream(of: Character.self)
        self.keys = keys
        self.continuation = continuation
        let saved = original
        var sources: [any DispatchSourceSignal] = []
        for number in Self.stoppingSignals {
            signal(number, SIG_IGN)  // delivered to the source below instead
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                saved.withLock { settings in
                    if var settings { tcsetattr(STDIN_FILENO, TCSANOW, &settings) }
                }
                // Then die of the same signal, as the shell expects (exit status 128 + n).
                signal(number, SIG_DFL)
                kill(getpid(), number)
            }
            source.resume()
            sources.append(source)
        }
        signalSources = Mutex(sources)
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
        signalSources.withLock { sources in
            for source in sources { source.cancel() }
            sources.removeAll()
        }
        for number in Self.stoppingSignals { signal(number, SIG_DFL) }
        continuation.finish()
    }
}
