// alternative: the window over the pages in a random order
import LabScenarios

// The window over the pages in a random order: any order is fine, the result is by page.
func fetchPages(_ pages: [Int], of rover: Rover, on day: String, using api: any MarsRoverService) async throws -> [Int: [MarsPhoto]] {
    try await withThrowingTaskGroup(of: (Int, [MarsPhoto]).self) { group in
        var pending = pages.shuffled().makeIterator()
        func addNext() {
            guard let page = pending.next() else { return }
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
