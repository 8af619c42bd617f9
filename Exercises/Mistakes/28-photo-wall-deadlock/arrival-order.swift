// mistake: fetches at once, but lists the titles in the order the fetches finished
// expect: in the order of the days
import Foundation
import LabScenarios

func loadWall(days: [Date], from service: any SpacePhotosService) async -> [String] {
    await withTaskGroup(of: String.self) { group in
        for day in days {
            group.addTask { (try? await service.photo(for: day).title) ?? "?" }
        }
        var titles: [String] = []
        for await title in group { titles.append(title) }
        return titles
    }
}
