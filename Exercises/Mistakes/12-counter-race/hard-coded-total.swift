// mistake: returns the expected total
// expect: were lost
import LabCore

actor DownloadCounter {
    func recordDownload() {}
    var total: Int { 40_000 }
}
