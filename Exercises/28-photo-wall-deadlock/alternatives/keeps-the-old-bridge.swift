// alternative: keeps the old blocking bridge for synchronous callers, and loadWall never calls it (a local `title` beside the function of that name)
import Dispatch
import Foundation
import LabScenarios
import Synchronization

/// The old bridge, kept for synchronous callers elsewhere in the app.
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
            group.addTask { (index, (try? await service.photo(for: day).title) ?? "?") }
        }
        var titles = Array(repeating: "?", count: days.count)
        for await (index, title) in group { titles[index] = title }
        return titles
    }
}
