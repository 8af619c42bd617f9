// alternative: a lock wrapper of its own over a Mutex (named Guarded: Locked is LabCore's)
import LabCore
import Synchronization

// A small lock wrapper of the app's own, around Synchronization's Mutex.
final class Guarded<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    func withLock<R: Sendable>(_ body: (inout sending Value) -> sending R) -> R { mutex.withLock(body) }
}

final class DownloadCounter: Sendable {
    private let count = Guarded(0)

    func recordDownload() {
        count.withLock { $0 += 1 }
    }

    var total: Int { count.withLock { $0 } }
}
