// alternative: a Mutex around a struct of two figures, changed together
import LabCore
import Synchronization

// The count and when it last changed, kept together behind one lock.
final class DownloadCounter: Sendable {
    private struct Tally {
        var downloads = 0
        var changes = 0
    }

    private let tally = Mutex(Tally())

    func recordDownload() {
        tally.withLock { tally in
            tally.downloads += 1
            tally.changes += 1
        }
    }

    var total: Int { tally.withLock { $0.downloads } }
}
