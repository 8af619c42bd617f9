// mistake: three decoy requests at once, then the real pages one by one
// expect: page requests for
import LabScenarios

func fetchPages(_ pages: [Int], of rover: Rover, on day: String, using api: any MarsRoverService) async throws -> [Int: [MarsPhoto]] {
    async let x = api.photos(rover: rover, earthDate: day, page: 1)
    async let y = api.photos(rover: rover, earthDate: day, page: 1)
    async let z = api.photos(rover: rover, earthDate: day, page: 1)
    _ = try await (x, y, z)
    var result: [Int: [MarsPhoto]] = [:]
    for page in pages { result[page] = try await api.photos(rover: rover, earthDate: day, page: page) }
    return result
}
