// mistake: awaits each day in a loop: no deadlock, but the wall loads one photo at a time
// expect: one at a time
import Foundation
import LabScenarios

func loadWall(days: [Date], from service: any SpacePhotosService) async -> [String] {
    var titles: [String] = []
    for day in days {
        titles.append((try? await service.photo(for: day).title) ?? "?")
    }
    return titles
}
