// alternative: keeps a helper per day, made async: it suspends where the old one blocked
import Foundation
import LabScenarios

func title(for day: Date, from service: any SpacePhotosService) async -> String {
    (try? await service.photo(for: day).title) ?? "?"
}

func loadWall(days: [Date], from service: any SpacePhotosService) async -> [String] {
    await withTaskGroup(of: (Int, String).self) { group in
        for (index, day) in days.enumerated() {
            group.addTask { (index, await title(for: day, from: service)) }
        }
        var titles = Array(repeating: "?", count: days.count)
        for await (index, title) in group { titles[index] = title }
        return titles
    }
}
