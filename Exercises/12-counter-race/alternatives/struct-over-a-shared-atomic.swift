// alternative: a struct whose count lives in an Atomic of a final class it holds: every copy adds to the one count
import LabCore
import Synchronization

// The count lives in one object; the struct that callers know holds a reference to it.
final class DownloadCount: Sendable {
    let value = Atomic(0)
}

struct DownloadCounter: Sendable {
    private let count = DownloadCount()

    func recordDownload() {
        count.value.add(1, ordering: .relaxed)
    }

    var total: Int { count.value.load(ordering: .relaxed) }
}
