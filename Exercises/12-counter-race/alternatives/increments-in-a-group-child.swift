// alternative: each call increments in a child of a discarding group, awaited before it returns (a task a call: hundreds of thousands over the check's rounds, which its chain watch must not take for a chain)
import LabCore

actor DownloadCounter {
    private var count = 0
    private func increment() { count += 1 }

    nonisolated func recordDownload() async {
        await withDiscardingTaskGroup { group in
            group.addTask { await self.increment() }
        }
    }

    var total: Int { count }
}
