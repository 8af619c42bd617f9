// alternative: an Atomic added to in one step (wrappingAdd)
import LabCore
import Synchronization

// One atomic add per download: no other call can come between its read and its write.
final class DownloadCounter: Sendable {
    private let count = Atomic(0)

    func recordDownload() {
        count.wrappingAdd(1, ordering: .relaxed)
    }

    var total: Int { count.load(ordering: .relaxed) }
}
