import Foundation

/// A built check's identity on disk, taken when the build ends and compared just before it
/// runs: another answer's code (or anything else) that replaced or rewrote the binary in
/// between changes its inode, size, modification or status-change time, and the kernel sets
/// the last one on every write, which no program can set back. So the binary that runs is
/// the one this answer's build made, without reading megabytes to hash it.
struct BinaryStamp: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: [Int]
    let changed: [Int]

    init?(_ url: URL) {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
        size = Int64(info.st_size)
        modified = info.modifiedTime
        changed = info.changedTime
    }
}
