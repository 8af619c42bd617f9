// alternative: two counts, each behind its own Mutex, taken in turn; the total adds both
import LabCore
import Synchronization

// Two counts, each behind its own lock, taken in turn: fewer calls wait for the same lock.
final class DownloadCounter: Sendable {
    private let even = Mutex(0)
    private let odd = Mutex(0)
    private let calls = Atomic(0)

    func recordDownload() {
        if calls.wrappingAdd(1, ordering: .relaxed).oldValue % 2 == 0 {
            even.withLock { $0 += 1 }
        } else {
            odd.withLock { $0 += 1 }
        }
    }

    var total: Int { even.withLock { $0 } + odd.withLock { $0 } }
}
