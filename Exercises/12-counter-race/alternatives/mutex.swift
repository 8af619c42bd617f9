// alternative: a class with its count in a Mutex
import LabCore
import Synchronization

final class DownloadCounter: Sendable {
    private let count = Mutex(0)
    func recordDownload() async { count.withLock { $0 += 1 } }
    var total: Int { get async { count.withLock { $0 } } }
}
