// alternative: a nonisolated recordDownload() that awaits an isolated add
import LabCore

// Callers reach the actor through a nonisolated entry point; the add itself is isolated.
actor DownloadCounter {
    private var count = 0

    private func add() {
        count += 1
    }

    nonisolated func recordDownload() async {
        await add()
    }

    var total: Int { count }
}
