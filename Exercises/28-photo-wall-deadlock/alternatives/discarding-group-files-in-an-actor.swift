// alternative: a discarding group whose children file each title in an actor, read once all are in
import Dispatch
import Foundation
import LabScenarios
import Synchronization


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

final class TitleBox: Sendable {
    let title = Mutex("?")
}

actor WallTitles {
    private var titles: [String]
    init(count: Int) { titles = Array(repeating: "?", count: count) }
    func file(_ title: String, at index: Int) { titles[index] = title }
    var all: [String] { titles }
}

func loadWall(days: [Date], from service: any SpacePhotosService) async -> [String] {
    let wall = WallTitles(count: days.count)
    await withDiscardingTaskGroup { group in
        for (index, day) in days.enumerated() {
            group.addTask {
                if let photo = try? await service.photo(for: day) { await wall.file(photo.title, at: index) }
            }
        }
    }
    return await wall.all
}
