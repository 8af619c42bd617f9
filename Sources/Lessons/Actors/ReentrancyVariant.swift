import Foundation
import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// An actor's `await` lets other calls in: the cache that downloads twice.
enum ReentrancyVariant {
    static let requests = 5

    static let variant = LessonVariant("reentrancy", title: "Reentrancy: a photo cache that downloads twice") {
        context in
        let console = context.console
        console.paragraph(
            """
            Space Photos' cache is an actor: `photo(for:)` returns the cached photo or downloads it. \
            Five views ask for today's photo at once. The actor runs one call at a time, so this \
            looks safe; but at `await service.photo(for:)` it is free to start the next call, which \
            finds the cache still empty.
            """)
        let day = Date(timeIntervalSince1970: 1_731_974_400)
        let behavior = context.behavior(latency: .jitter(base: 2, spread: 0.3))
        var table = Table(headers: ["cache", "requests", "downloads", "same photo for all"], rightAligned: [1, 2])
        for (name, key) in [("NaivePhotoCache", "naive"), ("SharedDownloadPhotoCache", "shared")] {
            let meter = CallMeter()
            let service = SpacePhotosClient.simulated(behavior, meter: meter)
            let cache: any PhotoCaching =
                key == "naive" ? NaivePhotoCache(service: service) : SharedDownloadPhotoCache(service: service)
            let titles = try await requestTogether(cache, day: day, probe: context.probe, label: key)
            table.append([name, "\(requests)", "\(meter.stats.calls)", Set(titles).count == 1 ? "yes" : "no"])
            context.record("\(key)_downloads", "\(name): downloads for \(requests) requests", count: meter.stats.calls)
        }
        console.table(table)
        console.paragraph(naiveSentence(downloads: Int(context.figure("naive_downloads")?.value ?? 0)))
    }

    /// What the naive cache did, said from the run's count (tested for each): a busy machine may
    /// start the other views' calls only after the first download ended, and then none downloads.
    static func naiveSentence(downloads: Int) -> String {
        let fix =
            "The fix stores the download itself, a Task, in the cache before the first `await`; "
            + "later callers await that task. One download, however many callers."
        guard downloads > 1 else {
            return "The naive cache downloaded the photo once on this run: the machine started the other views' "
                + "calls only after the first download had ended, so each found the photo cached. Nothing in it "
                + "stops a second download, though: a call that arrives during the `await` finds the cache empty. "
                + fix
        }
        return "The naive cache downloaded the same photo \(downloads) times. " + fix
    }

    nonisolated static func requestTogether(_ cache: any PhotoCaching, day: Date, probe: Probe, label: String)
        async throws -> [String]
    {
        try await withThrowingTaskGroup(of: String.self) { group in
            for view in 1...requests {
                group.addTask {
                    try await probe.withLane("\(label) › view \(view)") {
                        try await probe.span("photo(for: today)", kind: .suspending) {
                            try await cache.photo(for: day).title
                        }
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }
}
