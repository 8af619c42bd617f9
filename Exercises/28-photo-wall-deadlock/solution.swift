import Foundation
import LabScenarios

// Exercise 28 · solution: await the async call; each child suspends, and its thread runs the others.

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
