// alternative: an async overload that loadWall awaits, beside the old bridge of the same name kept noasync for synchronous callers
import Dispatch
import Foundation
import LabScenarios
import Synchronization

// The old synchronous bridge stays for the synchronous callers elsewhere in the app; async
// code gets an async overload of the same name, which suspends where the old one blocked.

/// The old bridge: blocks its thread until the Task it started signals. For synchronous callers only.
@available(*, noasync, message: "use the async title(for:from:)")
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

/// The async version: suspends until the photo arrives.
func title(for day: Date, from service: any SpacePhotosService) async -> String {
    (try? await service.photo(for: day).title) ?? "?"
}

func loadWall(days: [Date], from service: any SpacePhotosService) async -> [String] {
    await withTaskGroup(of: (Int, String).self) { group in
        for (index, day) in days.enumerated() {
            group.addTask { (index, await title(for: day, from: service)) }
        }
        var titles = Array(repeating: "?", count: days.count)
        for await (index, title) in group { titles[index] = title }
        return titles
    }
}
