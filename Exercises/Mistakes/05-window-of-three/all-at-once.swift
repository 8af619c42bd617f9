// mistake: adds every page at once
// expect: the server allows 3
import LabScenarios

func fetchPages(_ pages: [Int], of rover: Rover, on day: String, using api: any MarsRoverService) async throws -> [Int: [MarsPhoto]] {
    try await withThrowingTaskGroup(of: (Int, [MarsPhoto]).self) { group in
        for page in pages { group.addTask { (page, try await api.photos(rover: rover, earthDate: day, page: page)) } }
        var result: [Int: [MarsPhoto]] = [:]
        for try await (page, photos) in group { result[page] = photos }
        return result
    }
}
