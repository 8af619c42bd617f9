// alternative: a cancelled page is left out: cancelled, the window returns only the pages it fetched (partial results, as Swift's documentation allows)
import LabScenarios

// A page whose request was cancelled is left out of the result.
func fetchPages(_ pages: [Int], of rover: Rover, on day: String, using api: any MarsRoverService) async throws -> [Int: [MarsPhoto]] {
    try await withThrowingTaskGroup(of: (Int, [MarsPhoto]?).self) { group in
        var pending = pages.makeIterator()
        func addNext() {
            guard let page = pending.next() else { return }
            group.addTask {
                do { return (page, try await api.photos(rover: rover, earthDate: day, page: page)) } catch is CancellationError { return (page, nil) }
            }
        }
        for _ in 0..<3 { addNext() }
        var result: [Int: [MarsPhoto]] = [:]
        while let (page, photos) = try await group.next() {
            if let photos { result[page] = photos }
            addNext()
        }
        return result
    }
}
