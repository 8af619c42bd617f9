// alternative: a Sendable wall type whose group of titles loadWall awaits, keeping the old bridge as a noasync member nobody in the file calls
import Dispatch
import Foundation
import LabScenarios
import Synchronization

/// The photo wall of one service: titles for async code, and the old bridge for synchronous callers elsewhere.
struct PhotoWall: Sendable {
    let service: any SpacePhotosService

    /// The old bridge, kept for the app's synchronous callers: blocks its thread until the Task signals.
    @available(*, noasync, message: "await title(for:) instead")
    func blockingTitle(for day: Date) -> String {
        let done = DispatchSemaphore(value: 0)
        let result = TitleBox()
        let service = self.service
        Task {
            if let photo = try? await service.photo(for: day) { result.title.withLock { $0 = photo.title } }
            done.signal()
        }
        done.wait()
        return result.title.withLock { $0 }
    }

    /// A day's title: suspends until the photo arrives.
    func title(for day: Date) async -> String {
        (try? await service.photo(for: day).title) ?? "?"
    }

    /// Every day's title, all fetched at once, in the order of the days.
    func titles(for days: [Date]) async -> [String] {
        await withTaskGroup(of: (Int, String).self) { group in
            for (index, day) in days.enumerated() {
                group.addTask { (index, await title(for: day)) }
            }
            var titles = Array(repeating: "?", count: days.count)
            for await (index, title) in group { titles[index] = title }
            return titles
        }
    }
}

/// Where the bridge's Task leaves the title for the waiting thread.
final class TitleBox: Sendable {
    let title = Mutex("?")
}

func loadWall(days: [Date], from service: any SpacePhotosService) async -> [String] {
    let wall = PhotoWall(service: service)
    return await wall.titles(for: days)
}
