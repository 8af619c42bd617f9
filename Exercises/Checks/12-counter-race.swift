import LabKit

func runCheck(_ report: CheckReport) async {
    let counter = DownloadCounter()
    report.waiting("8 tasks recording 5000 downloads each")
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<8 {
            group.addTask {
                for _ in 0..<5000 { await counter.recordDownload() }
            }
        }
    }
    let total = await counter.total
    report.expect(total == 40_000, "all 40,000 downloads counted", otherwise: "\(40_000 - total) of 40,000 downloads were lost")
}
