// mistake: returns the expected total
// expect: were lost
import LabKit

actor DownloadCounter {
    func recordDownload() {}
    var total: Int { 40_000 }
}
