// mistake: the window, but four wide
// expect: the server allows 3
import LabScenarios

func fetchPages(_ pages: [Int], of rover: Rover, on day: String, using api: any MarsRoverService) async throws -> [Int: [MarsPhoto]] {
    try await withThrowingTaskGroup(of: (Int, [MarsPhoto]).self) { group in
        var pending = pages.makeIterator()
        for _ in 0..<4 { if let page = pending.next() { group.addTask { (page, try await api.photos(rover: rover, earthDate: day, page: page)) } } }
        var result: [Int: [MarsPhoto]] = [:]
        while let (page, photos) = try await group.next() {
            result[page] = photos
            if let next = pending.next() { group.addTask { (next, try await api.photos(rover: rover, earthDate: day, page: next)) } }
        }
        return result
    }
}
