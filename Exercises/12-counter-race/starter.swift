import LabCore

// Exercise 12 · actors · Fix the counter that loses updates
//
// Space Photos counts downloads from many tasks at once. DownloadCounter is a plain
// class; `@unchecked Sendable` tells the compiler to trust it, and the compiler is
// wrong to: two tasks can read the same count and both write count + 1.
//
// TODO: make the counter safe without @unchecked Sendable (an actor, a Mutex from
// Synchronization, or an Atomic). The check awaits its methods, so an actor works.

final class DownloadCounter: @unchecked Sendable {
    private var count = 0

    func recordDownload() {
        count += 1
    }

    var total: Int { count }
}
