// alternative: for try await over the group, adding the next page inside the loop
import LabScenarios

// for try await over the group, adding the next page inside the loop.
func fetchPages(_ pages: [Int], of rover: Rover, on day: String, using api: any MarsRoverService) async throws -> [Int: [MarsPhoto]] {
    try await withThrowingTaskGroup(of: (Int, [MarsPhoto]).self) { group in
        var pending = pages.makeIterator()
        for page in pages.prefix(3) {
            _ = pending.next()
            group.addTask { (page, try await api.photos(rover: rover, earthDate: day, page: page)) }
        }
        var result: [Int: [MarsPhoto]] = [:]
        for try await (page, photos) in group {
            result[page] = photos
            if let next = pending.next() {
                group.addTask { (next, try await api.photos(rover: rover, earthDate: day, page: next)) }
            }
        }
        return result
    }
}
