import Foundation

/// An exclusive lock between processes (and threads), held on a lock file with
/// flock(2): the kernel releases it when the holder exits, even on `kill -9`, so a
/// crash never leaves a folder locked.
public enum FileLock {
    /// Runs `body` holding the lock at `url`; `onWait` is called once if another holder makes us wait.
    public static func withLock<T>(at url: URL, onWait: (() -> Void)? = nil, _ body: () throws -> T) throws -> T {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path])
        }
        defer { close(descriptor) }  // closing releases the lock
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            onWait?()
            while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        }
        return try body()
    }
}
