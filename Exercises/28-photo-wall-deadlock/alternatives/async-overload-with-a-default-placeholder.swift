// alternative: an async overload with an extra defaulted placeholder parameter, awaited, beside the old bridge (Swift picks the async one)
import Dispatch
import Foundation
import LabScenarios
import Synchronization

/// The old bridge: blocks its thread until the Task it started signals. Kept for synchronous callers.
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

/// The async version, for async code: suspends until the photo arrives (Swift picks it under await).
func title(for day: Date, from service: any SpacePhotosService, placeholder: String = "?") async -> String {
    (try? await service.photo(for: day).title) ?? placeholder
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
