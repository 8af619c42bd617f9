import Foundation

/// Writes a file the user named (`--html FILE`, `--trace-out FILE`) the way a shell's `>`
/// would treat the name, but saving a regular file atomically.
///
/// Renaming a new file over the name (as `AtomicFile` does) is right for a regular file and
/// wrong for anything else: it turned `/dev/full` into an ordinary file, and a FIFO or a
/// symlink likewise. So a symlink is followed to its target; a regular target (or none yet)
/// is saved atomically; a device or FIFO is written in place, its errors (ENOSPC on
/// `/dev/full`) reported; a folder is refused.
public enum OutputFile {
    /// Symlink hops followed before giving up, as the kernel's own limit (ELOOP) does.
    static let maximumHops = 40

    /// Whether `path` names the file this process's standard output is (`/dev/stdout`, a link to
    /// it, the terminal or pipe it is): a page written there shares the stream with the text.
    public static func isStandardOutput(_ path: String) -> Bool {
        var named = stat()
        var output = stat()
        guard stat(path, &named) == 0, fstat(STDOUT_FILENO, &output) == 0 else { return false }
        return named.st_dev == output.st_dev && named.st_ino == output.st_ino
    }

    public static func write(_ data: Data, to path: String) throws {
        var target = stat()
        guard stat(path, &target) == 0 else {
            // Nothing there, or a symlink to nothing yet: the file is made where the link points.
            guard errno == ENOENT else { throw failure(errno, path: path) }
            try AtomicFile.write(data, to: URL(fileURLWithPath: try danglingTarget(of: path)))
            return
        }
        switch target.st_mode & S_IFMT {
        case S_IFREG:
            // The real path, so the rename replaces the link's target and keeps the link.
            guard let real = realpath(path, nil) else { throw failure(errno, path: path) }
            defer { free(real) }
            try AtomicFile.write(data, to: URL(fileURLWithPath: String(cString: real)))
        case S_IFDIR:
            throw failure(EISDIR, path: path)
        default:
            try writeInPlace(data, to: path)
        }
    }

    /// Why `write(_:to:)` could not save a file at `path`, in the system's words; nil where it
    /// could. Asked before a run that ends by writing the file (a lesson's `--html`), so that a place
    /// nothing can be made in (`/proc/x`, a read-only folder) is refused before the run, not after
    /// it. A new or regular file's folder must take a new file: one is made there and removed at
    /// once, as `AtomicFile` makes its temporary. A device or FIFO must be open to writing (it is
    /// not opened: a FIFO would wait for its reader).
    public static func writeRefusal(_ path: String) -> String? {
        var target = stat()
        let file: String
        if stat(path, &target) == 0 {
            switch target.st_mode & S_IFMT {
            case S_IFREG:
                // A file its owner made read-only is refused, as the shell's `>` refuses it: the
                // rename that replaces it needs only the folder's permission.
                guard access(path, W_OK) == 0 else { return FileErrorWords.errno(errno) }
                guard let real = realpath(path, nil) else { return FileErrorWords.errno(errno) }
                defer { free(real) }
                file = String(cString: real)
            case S_IFDIR:
                return FileErrorWords.errno(EISDIR)
            case S_IFSOCK:
                // `write` would open it, and a socket cannot be opened so (ENXIO, "no such device").
                return "it is a socket"
            default:
                return access(path, W_OK) == 0 ? nil : FileErrorWords.errno(errno)
            }
        } else {
            guard errno == ENOENT else { return FileErrorWords.errno(errno) }
            guard let target = try? danglingTarget(of: path) else { return FileErrorWords.errno(ELOOP) }
            file = target
        }
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
        // Another user's file in a sticky folder (/tmp): a new file can be made beside it, but not
        // renamed over it (EPERM), and `AtomicFile` replaces by a rename.
        var folderStatus = stat()
        if target.st_mode & S_IFMT == S_IFREG, geteuid() != 0, stat(folder, &folderStatus) == 0,
            folderStatus.st_mode & S_ISVTX != 0, target.st_uid != geteuid(), folderStatus.st_uid != geteuid()
        {
            return FileErrorWords.errno(EPERM)
        }
        let probe = folder + "/." + UUID().uuidString + ".probe.tmp"
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        // The file is written beside its place and renamed over it: its folder must take a new
        // file ("no such file or directory" alone, for `/proc/self/status`, read as if it were missing).
        guard descriptor >= 0 else {
            let reason = FileErrorWords.errno(errno)
            return target.st_mode & S_IFMT == S_IFREG ? "its folder takes no new file: \(reason)" : reason
        }
        close(descriptor)
        unlink(probe)
        return nil
    }

    /// Where a chain of symlinks ending at a missing file points (relative links read from
    /// their own folder); `path` itself when it is no symlink.
    static func danglingTarget(of path: String) throws -> String {
        var current = path
        for _ in 0..<maximumHops {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count >= 0 else { return current }
            let destination = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current =
                destination.hasPrefix("/")
                ? destination
                : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(destination).path
        }
        throw failure(ELOOP, path: path)
    }

    /// A device or FIFO: opened as it is (a FIFO waits for its reader, as with `>`), every byte
    /// written or the error thrown; never truncated or replaced.
    static func writeInPlace(_ data: Data, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw failure(errno, path: path) }
        var error: Int32 = 0
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    error = errno
                    return
                }
                offset += written
            }
        }
        if close(descriptor) != 0, error == 0, errno != EINTR { error = errno }
        if error != 0 { throw failure(error, path: path) }
    }

    /// A write error naming the path, worded by `FileErrorWords` as "cannot write PATH: …".
    static func failure(_ number: Int32, path: String) -> CocoaError {
        CocoaError(
            .fileWriteUnknown,
            userInfo: [
                NSFilePathErrorKey: path,
                NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(number)),
            ])
    }
}
