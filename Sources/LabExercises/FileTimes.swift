import Foundation

/// A file's modification and status-change times from `stat`/`lstat`, as seconds and
/// nanoseconds: the field names differ between Linux (`st_mtim`) and Darwin (`st_mtimespec`).
/// The status-change time is set by the kernel on every write and no program can set it back.
extension stat {
    var modifiedTime: [Int] { [modifiedSecondsAndNanoseconds.0, modifiedSecondsAndNanoseconds.1] }

    var changedTime: [Int] { [changedSecondsAndNanoseconds.0, changedSecondsAndNanoseconds.1] }

    /// As a pair, without an array to allocate (`ProtectedFiles` stamps thousands a run).
    var modifiedSecondsAndNanoseconds: (Int, Int) {
        #if os(Linux)
            (Int(st_mtim.tv_sec), Int(st_mtim.tv_nsec))
        #else
            (Int(st_mtimespec.tv_sec), Int(st_mtimespec.tv_nsec))
        #endif
    }

    var changedSecondsAndNanoseconds: (Int, Int) {
        #if os(Linux)
            (Int(st_ctim.tv_sec), Int(st_ctim.tv_nsec))
        #else
            (Int(st_ctimespec.tv_sec), Int(st_ctimespec.tv_nsec))
        #endif
    }
}
