// alternative: each day's title kept in a dictionary by its date, read back in the order of days
import Foundation
import LabScenarios

func loadWall(days: [Date], from service: any SpacePhotosService) async -> [String] {
    await withTaskGroup(of: (Date, String).self) { group in
        for day in days {
            group.addTask { (day, (try? await service.photo(for: day).title) ?? "?") }
        }
        var byDay: [Date: String] = [:]
        for await (day, title) in group { byDay[day] = title }
        return days.map { byDay[$0] ?? "?" }
    }
}
