// alternative: an actor that runs on a thread of its own (LabCore's DedicatedThreadExecutor as its custom executor)
import LabCore

actor DownloadCounter {
    private var count = 0
    private let thread = DedicatedThreadExecutor(name: "downloads")

    // The thread ends with the actor: nothing can be queued on it once no one holds the actor.
    deinit { thread.stop() }

    nonisolated var unownedExecutor: UnownedSerialExecutor { thread.asUnownedSerialExecutor() }

    func recordDownload() {
        count += 1
    }

    var total: Int { count }
}
