// alternative: a global actor of its own guards the counter (its shared instance is the one static the protocol asks for)
import LabCore

// A global actor of the app's own guards the counter.
@globalActor
actor DownloadsActor {
    static let shared = DownloadsActor()
}

@DownloadsActor
final class DownloadCounter {
    private var count = 0

    func recordDownload() {
        count += 1
    }

    var total: Int { count }
}
