// alternative: the window, visiting the pages from the last to the first
import LabScenarios

func fetchPages(_ pages: [Int], of rover: Rover, on day: String, using api: any MarsRoverService) async throws -> [Int: [MarsPhoto]] {
    try await withThrowingTaskGroup(of: (Int, [MarsPhoto]).self) { group in
        var pending = pages
        func addNext() {
            guard let page = pending.popLast() else { return }
            group.addTask { (page, try await api.photos(rover: rover, earthDate: day, page: page)) }
        }
        for _ in 0..<3 { addNext() }
        var result: [Int: [MarsPhoto]] = [:]
        while let (page, photos) = try await group.next() {
            result[page] = photos
            addNext()
        }
        return result
    }
}
