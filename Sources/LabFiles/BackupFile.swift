import Foundation

/// A copy of something a user made, kept before it is replaced: saved under a new name that
/// no other save can take, with a counter when the name is taken, so two saves in the same
/// instant, from one process or several, keep both copies. Written whole to a hidden file
/// first and then given its name with link(2), which refuses a name already taken: a crash
/// mid-write leaves no half-written copy under a backup's name.
public enum BackupFile {
    /// Saves `data` as `folder/<stem>-<UTC time to the millisecond>[-N].<ext>` and returns its URL.
    public static func save(_ data: Data, in folder: URL, stem: String, extension ext: String, now: Date = Date())
        throws -> URL
    {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let stamp = formatter.string(from: now).replacingOccurrences(of: ":", with: "-")
        let whole = folder.appendingPathComponent(".\(stem)-\(UUID().uuidString).partial")
        try write(data, to: whole)
        defer { unlink(whole.path) }  // the copy keeps its own name
        for attempt in 1...10_000 {
            let url = folder.appendingPathComponent(
                "\(stem)-\(stamp)" + (attempt == 1 ? "" : "-\(attempt)") + ".\(ext)")
            if link(whole.path, url.path) == 0 { return url }
            if errno != EEXIST { throw failure(at: url) }
        }
        throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: folder.path])
    }

    private static func write(_ data: Data, to url: URL) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(at: url) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: data)
            try handle.synchronize()
            try handle.close()
        } catch {
            unlink(url.path)
            throw error
        }
    }

    private static func failure(at url: URL) -> CocoaError {
        CocoaError(
            .fileWriteUnknown,
            userInfo: [
                NSFilePathErrorKey: url.path,
                NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(errno)),
            ])
    }
}
