// mistake: one page at a time
// expect: use all 3
import LabScenarios

func fetchPages(_ pages: [Int], of rover: Rover, on day: String, using api: any MarsRoverService) async throws -> [Int: [MarsPhoto]] {
    var result: [Int: [MarsPhoto]] = [:]
    for page in pages { result[page] = try await api.photos(rover: rover, earthDate: day, page: page) }
    return result
}
