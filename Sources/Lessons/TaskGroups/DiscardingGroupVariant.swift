import Foundation
import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// `withDiscardingTaskGroup`: children whose results nobody collects.
enum DiscardingGroupVariant {
    /// Where the Space Photos app would keep photos it fetched ahead of time.
    actor PhotoCache {
        private(set) var photos: [Date: SpacePhoto] = [:]
        func store(_ photo: SpacePhoto) { photos[photo.date] = photo }
    }

    static let variant = LessonVariant("discarding", title: "withDiscardingTaskGroup: prefetch without collecting") {
        context in
        let console = context.console
        let days = 12
        console.paragraph(
            """
            Space Photos prefetches the last \(days) days of photos into a cache actor. Each child \
            stores its photo itself; the group has nothing to return. A discarding group frees \
            each child the moment it ends instead of keeping its result until someone asks for it, \
            and still waits for all of them.
            """)
        let meter = CallMeter()
        let client = SpacePhotosClient.simulated(
            context.behavior(latency: .jitter(base: 1.5, spread: 0.5)), meter: meter)
        let cache = PhotoCache()
        let probe = context.probe
        let today = Date(timeIntervalSince1970: 1_731_974_400)  // a fixed day, so the run is repeatable
        let total = try await Stopwatch.time {
            try await withThrowingDiscardingTaskGroup { group in
                for back in 0..<days {
                    group.addTask {
                        try await probe.withLane("day -\(back)") {
                            let photo = try await probe.span("photo(for:)", kind: .suspending) {
                                try await client.photo(for: today.addingTimeInterval(Double(-back) * 86_400))
                            }
                            await cache.store(photo)
                        }
                    }
                }
            }
        }.1
        let cached = await cache.photos.count
        context.record("children", "children", count: days)
        context.record("cached_when_group_returned", "photos cached when the group returned", count: cached)
        context.record("max_in_flight", "most calls in flight", count: meter.stats.maxInFlight)
        context.record("total_seconds", "the group took", seconds: total)
        console.paragraph(
            """
            When the group returned after \(total.formattedAsDuration), all \(cached) photos were in \
            the cache: a discarding group still waits for every child. The service saw \
            \(CountWords.of(meter.stats.maxInFlight, "call")) at once. Its throwing form cancels the rest if one child throws.
            """)
    }
}
