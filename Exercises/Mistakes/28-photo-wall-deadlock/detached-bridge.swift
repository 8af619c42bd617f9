// mistake: runs the blocking bridge in Task.detached children: they use the same pool, and block it
// expect: did not finish
import Dispatch
import Foundation
import LabScenarios
import Synchronization

func title(for day: Date, from service: any SpacePhotosService) -> String {
    let done = DispatchSemaphore(value: 0)
    let result = TitleBox()
    Task.detached {
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
    var tasks: [Task<String, Never>] = []
    for day in days {
        tasks.append(Task.detached { title(for: day, from: service) })
    }
    var titles: [String] = []
    for task in tasks { titles.append(await task.value) }
    return titles
}
