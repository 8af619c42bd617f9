// alternative: the window, each replacement page starting 100 ms late, as a stalled machine may start it
import LabScenarios

func fetchPages(_ pages: [Int], of rover: Rover, on day: String, using api: any MarsRoverService) async throws -> [Int: [MarsPhoto]] {
    try await withThrowingTaskGroup(of: (Int, [MarsPhoto]).self) { group in
        var pending = pages.makeIterator()
        var added = 0
        func addNext() {
            guard let page = pending.next() else { return }
            let late = added >= 3
            added += 1
            group.addTask {
                if late { try await Task.sleep(for: .milliseconds(100)) }
                return (page, try await api.photos(rover: rover, earthDate: day, page: page))
            }
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
