// alternative: the counter is isolated to the main actor: every call hops there, one at a time
import LabCore

@MainActor
final class DownloadCounter {
    private var count = 0

    nonisolated init() {}

    func recordDownload() {
        count += 1
    }

    var total: Int { count }
}
