// alternative: an Atomic updated with a compare-and-exchange loop
import LabCore
import Synchronization
final class DownloadCounter: Sendable {
    private let count = Atomic(0)
    func recordDownload() {
        var now = count.load(ordering: .relaxed)
        while true {
            let (exchanged, original) = count.compareExchange(expected: now, desired: now + 1, ordering: .relaxed)
            if exchanged { return }
            now = original
        }
    }
    var total: Int { count.load(ordering: .relaxed) }
}
