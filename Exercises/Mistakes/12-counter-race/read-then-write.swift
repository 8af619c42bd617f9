// mistake: an actor, but the increment reads and writes in two calls with an await between
// expect: were lost
import LabCore

actor DownloadCounter {
    private var count = 0
    func read() -> Int { count }
    func write(_ value: Int) { count = value }
    nonisolated func recordDownload() async {
        let value = await read()
        await write(value + 1)
    }
    var total: Int { count }
}
