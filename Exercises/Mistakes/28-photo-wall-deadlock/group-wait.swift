// mistake: swaps the semaphore for DispatchGroup.wait(): still a thread held until a task answers
// expect: did not finish
import Dispatch
import Foundation
import LabScenarios
import Synchronization

func title(for day: Date, from service: any SpacePhotosService) -> String {
    let group = DispatchGroup()
    let result = TitleBox()
    group.enter()
    Task {
        if let photo = try? await service.photo(for: day) { result.title.withLock { $0 = photo.title } }
        group.leave()
    }
    group.wait()
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
