import Foundation

/// A copy of something a user made, kept before it is replaced: saved under a new name that
/// no other save can take (created exclusively, with a counter when the name is taken), so
/// two saves in the same instant, from one process or several, keep both copies.
public enum BackupFile {
    /// Saves `data` as `folder/<stem>-<UTC time to the millisecond>[-N].<ext>` and returns its URL.
    public static func save(_ data: Data, in folder: URL, stem: String, extension ext: String, now: Date = Date())
        throws -> URL
    {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let stamp = formatter.string(from: now).replacingOccurrences(of: ":", with: "-")
        for attempt in 1...10_000 {
            let name = "\(stem)-\(stamp)" + (attempt == 1 ? "" : "-\(attempt)") + ".\(ext)"
            let url = folder.appendingPathComponent(name)
            let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor < 0 {
                if errno == EEXIST { continue }
                throw CocoaError(
                    .fileWriteUnknown,
                    userInfo: [
                        NSFilePathErrorKey: url.path,
                        NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(errno)),
                    ])
            }
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            do {
                try handle.write(contentsOf: data)
                try handle.synchronize()
                try handle.close()
            } catch {
                try? FileManager.default.removeItem(at: url)  // never a half-written copy
                throw error
            }
            return url
        }
        throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: folder.path])
    }
}
