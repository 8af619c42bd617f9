import Dispatch
import Foundation
import LabScenarios
import Synchronization

// Exercise 28 · when-it-stops · Don't wait synchronously for async work
//
// The photo wall shows one title per day. An old synchronous helper, title(for:from:),
// bridges to the async service with a semaphore, and loadWall(days:from:) calls it from
// one task per day. With more days than the pool has threads, every thread waits on a
// semaphore for a Task that needs one of those very threads: the wall never loads
// (`swift run when-it-stops --variant pool-deadlock`).
//
// TODO: make loadWall(days:from:) finish for any number of days, fetching every day at
// the same time, with the titles in the order of `days`. A day whose photo cannot be
// fetched shows "?", as it does today.

/// The old bridge: blocks its thread until the Task it started signals.
func title(for day: Date, from service: any SpacePhotosService) -> String {
    let done = DispatchSemaphore(value: 0)
    let result = TitleBox()
    Task {
        if let photo = try? await service.photo(for: day) { result.title.withLock { $0 = photo.title } }
        done.signal()
    }
    done.wait()
    return result.title.withLock { $0 }
}

/// Where the bridge's Task leaves the title for the waiting thread.
final class TitleBox: Sendable {
    let title = Mutex("?")
}

func loadWall(days: [Date], from service: any SpacePhotosService) async -> [String] {
    await withTaskGroup(of: (Int, String).self) { group in
        for (index, day) in days.enumerated() {
            group.addTask { (index, title(for: day, from: service)) }
        }
        var titles = Array(repeating: "?", count: days.count)
        for await (index, title) in group { titles[index] = title }
        return titles
    }
}
