// alternative: one detached task per day (it inherits nothing of the caller's, not even a task-local), each awaiting its fetch, awaited in the days' order
import Foundation
import LabScenarios

func loadWall(days: [Date], from service: any SpacePhotosService) async -> [String] {
    let fetches = days.map { day in
        Task.detached { (try? await service.photo(for: day).title) ?? "?" }
    }
    var titles: [String] = []
    for fetch in fetches { titles.append(await fetch.value) }
    return titles
}
