// alternative: the solution's loadWall, beside the old bridge kept with a box whose computed title blocks (SpacePhoto's title and a local title beside it)
import Dispatch
import Foundation
import LabScenarios
import Synchronization

// loadWall awaits each day's photo in its own child. The old synchronous bridge stays for the
// synchronous callers elsewhere in the app, tidied: its box now waits for its own title.

/// The old bridge: blocks its thread until the Task it started fills the box. Synchronous callers only.
@available(*, noasync, message: "await service.photo(for:) instead")
func title(for day: Date, from service: any SpacePhotosService) -> String {
    let box = TitleBox()
    Task { box.fill((try? await service.photo(for: day).title) ?? "?") }
    return box.title
}

/// Where the bridge's Task leaves the title for the waiting thread.
final class TitleBox: Sendable {
    private let filled = DispatchSemaphore(value: 0)
    private let stored = Mutex("?")

    func fill(_ text: String) {
        stored.withLock { $0 = text }
        filled.signal()
    }

    /// The title, once the Task has filled the box: blocks until then.
    var title: String {
        filled.wait()
        return stored.withLock { $0 }
    }
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
