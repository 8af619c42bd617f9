import LabCore

// Exercise 12 · solution: an actor runs one recordDownload() at a time.

actor DownloadCounter {
    private var count = 0

    func recordDownload() {
        count += 1
    }

    var total: Int { count }
}
