// mistake: keeps the race; hides @unchecked Sendable behind a typealias
// expect: @unchecked
import LabCore

typealias Shareable = Sendable
final class DownloadCounter: @unchecked Shareable {
    private var count = 0
    func recordDownload() async { count += 1 }
    var total: Int { get async { count } }
}
