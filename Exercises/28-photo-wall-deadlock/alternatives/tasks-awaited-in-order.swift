// alternative: one unstructured task per day (they inherit the caller's task-locals), awaited in the days' order
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

func loadWall(days: [Date], from service: any SpacePhotosService) async -> [String] {
    let fetches = days.map { day in
        Task { (try? await service.photo(for: day).title) ?? "?" }
    }
    var titles: [String] = []
    for fetch in fetches { titles.append(await fetch.value) }
    return titles
}
