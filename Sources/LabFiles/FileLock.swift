import Foundation
import LabCore

/// A lock between processes (and threads), held on a lock file with flock(2): the kernel
/// releases it when the holder exits, even on `kill -9`, so a crash never leaves a folder
/// locked. Exclusive, or shared: any number of shared holders at once, and none while an
/// exclusive one holds it (readers of something only an exclusive holder may change).
///
/// flock(2) alone lets shared holders that keep overlapping shut an exclusive one out for as
/// long as they overlap: one that came after the exclusive waiter goes first (the lock's test
/// shows it), and batches reading the shared build could keep one that must make it again
/// waiting for as long as they keep coming. So every taker first passes a turnstile, a
/// second lock file beside the first (`<name>.turn`), and holds it until it has the lock
/// itself: once one waiting for the lock exclusive has the turnstile, those who come after it,
/// shared or not, wait behind it. (Takers at the turnstile are not queued in order: the kernel
/// wakes any one of them.)
///
/// Both files are opened read-only: flock(2) needs no more, and a file made by another user
/// (a first `sudo lab …`) can still be locked by everyone who can read it.
public enum FileLock {
    public enum Mode: Sendable {
        case exclusive, shared

        var operation: Int32 { self == .exclusive ? LOCK_EX : LOCK_SH }
    }

    /// Runs `body` holding the lock at `url`; `onWait` is called once if another holder makes us
    /// wait (for the lock or at its turnstile).
    public static func withLock<T>(
        at url: URL, mode: Mode = .exclusive, onWait: (() -> Void)? = nil, _ body: () throws -> T
    ) throws -> T {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        var told = false
        let tell = {
            if !told { onWait?() }
            told = true
        }
        let turnstile = try opened(turnstile(of: url))
        let descriptor: Int32
        do {
            // Another taker holds the turnstile for a moment between its two calls; only one who
            // keeps it longer (waiting for the lock) is a wait worth a note.
            try take(turnstile, LOCK_EX, path: url.path, patience: .milliseconds(100), onWait: tell)
            descriptor = try opened(url)
            do { try take(descriptor, mode.operation, path: url.path, onWait: tell) } catch {
                close(descriptor)
                throw error
            }
        } catch {
            close(turnstile)
            throw error
        }
        // Holding the lock now: the next one at the turnstile may come on.
        close(turnstile)
        defer { close(descriptor) }  // closing releases the lock
        return try body()
    }

    /// The turnstile's file, beside the lock's.
    static func turnstile(of url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".turn")
    }

    private static func opened(_ url: URL) throws -> Int32 {
        let descriptor = open(url.path, O_RDONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path])
        }
        return descriptor
    }

    /// Takes `operation` on `descriptor`, calling `onWait` first if it must wait longer than `patience`.
    private static func take(
        _ descriptor: Int32, _ operation: Int32, path: String, patience: Duration = .zero, onWait: () -> Void
    ) throws {
        let deadline = ContinuousClock.now + patience
        while true {
            if flock(descriptor, operation | LOCK_NB) == 0 { return }
            guard ContinuousClock.now < deadline else { break }
            // A synchronous wait: every taker of a file lock is on a thread that may block.
            usleep(5_000)
        }
        onWait()
        while flock(descriptor, operation) != 0 {
            // Interrupted by a signal: ask again. Anything else: never run the body unlocked.
            guard errno == EINTR else {
                throw CocoaError(
                    .fileWriteUnknown,
                    userInfo: [
                        NSFilePathErrorKey: path,
                        NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(errno)),
                    ])
            }
        }
    }

    /// Takes the lock at `url` if no one holds it, without waiting: nil when another holder
    /// has it. The lock is held until the returned holder is released (or the process ends).
    public static func tryHolding(at url: URL) throws -> Holder? {
        try tryHolding(open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644), path: url.path, failure: .fileWriteUnknown)
    }

    /// The same on a folder itself: nothing is left in it, and anyone who can read the folder
    /// can take it (a lock file another user made once, say `sudo lab grade`, would refuse
    /// every later run its owner could not open). flock(2) takes a folder's descriptor on
    /// Linux and on a Mac.
    public static func tryHolding(folder: URL) throws -> Holder? {
        try tryHolding(
            open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC), path: folder.path, failure: .fileReadUnknown)
    }

    /// The lock on `descriptor` (just opened, for `path`) without waiting, or nil when it is held.
    private static func tryHolding(_ descriptor: Int32, path: String, failure: CocoaError.Code) throws -> Holder? {
        guard descriptor >= 0 else {
            throw CocoaError(
                failure,
                userInfo: [
                    NSFilePathErrorKey: path,
                    NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(errno)),
                ])
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        return Holder(descriptor: descriptor)
    }

    /// A lock taken by `tryHolding`; `release()` gives it back.
    public final class Holder: Sendable {
        private let descriptor = Locked<Int32?>(nil)

        init(descriptor: Int32) { self.descriptor.withLock { $0 = descriptor } }

        /// Whether the locked file still has a name: a holder that opened a file another took and
        /// unlinked before letting go (`OwnedFolder.sweep`) holds a lock no one else will look at.
        package var isLinked: Bool {
            descriptor.withLock { held in
                var status = stat()
                guard let open = held, fstat(open, &status) == 0 else { return false }
                return status.st_nlink > 0
            }
        }

        public func release() {
            descriptor.withLock { held in
                if let open = held { close(open) }
                held = nil
            }
        }

        deinit { release() }
    }
}
