// mistake: silences the checker with @preconcurrency
// expect: @preconcurrency
@preconcurrency import LabCore

actor DownloadCounter {
    private var count = 0
    func recordDownload() { count += 1 }
    var total: Int { count }
}
