import Foundation

/// Reading a file that must be an ordinary file, without ever waiting on it. `Data(contentsOf:)`
/// opens whatever the path names: a FIFO put in a file's place blocks the open until a writer
/// comes, and a device such as `/dev/zero` reads for ever. The grader reads files that a student's
/// code or another process could have swapped (an answer, the durations record, a file it would
/// replace), so each is opened without waiting and checked on the open descriptor: what is read is
/// what was checked, however the path changes meanwhile.
public enum RegularFile {
    /// Why a file was not read.
    public enum Refusal: Error, Equatable, Sendable {
        /// The open failed with this `errno` (no such file, a link where links are refused, …).
        case cannotOpen(Int32)
        /// A FIFO, device, socket or folder.
        case notRegular
        /// A regular file with more than one name (a hard link), where one was asked for.
        case hasOtherNames
        /// Larger than the limit given.
        case tooLarge
    }

    /// The file's bytes, if it is a regular file of at most `limit` bytes. `followingLinks: false`
    /// refuses a symbolic link at the path itself; `oneNameOnly` refuses a file with hard links.
    public static func read(
        _ url: URL, atMost limit: Int, followingLinks: Bool = true, oneNameOnly: Bool = false
    ) -> Result<Data, Refusal> {
        let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW)
        let descriptor = open(url.path, flags)
        guard descriptor >= 0 else { return .failure(.cannotOpen(errno)) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            return .failure(.notRegular)
        }
        if oneNameOnly && status.st_nlink != 1 { return .failure(.hasOtherNames) }
        guard Int(status.st_size) <= limit else { return .failure(.tooLarge) }
        // One byte past the limit, so a file grown since `fstat` is caught. `nil` at the end of
        // the file on Linux: an empty file is empty, not unreadable.
        guard let data = try? handle.read(upToCount: limit + 1) ?? Data() else { return .failure(.cannotOpen(EIO)) }
        guard data.count <= limit else { return .failure(.tooLarge) }
        return .success(data)
    }
}
