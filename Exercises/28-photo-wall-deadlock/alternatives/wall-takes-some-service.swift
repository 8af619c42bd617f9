// alternative: loadWall generic over its service (some SpacePhotosService), each child awaiting its day's photo
import Foundation
import LabScenarios

func loadWall(days: [Date], from service: some SpacePhotosService) async -> [String] {
    await withTaskGroup(of: (Int, String).self) { group in
        for (index, day) in days.enumerated() {
            group.addTask { (index, (try? await service.photo(for: day).title) ?? "?") }
        }
        var titles = Array(repeating: "?", count: days.count)
        for await (index, title) in group { titles[index] = title }
        return titles
    }
}
