// alternative: a count of the requests in flight, refilled up to three with addTaskUnlessCancelled, and a cancellation thrown at the end
import LabScenarios

// A count of the requests in flight, refilled up to three with addTaskUnlessCancelled.
func fetchPages(_ pages: [Int], of rover: Rover, on day: String, using api: any MarsRoverService) async throws -> [Int: [MarsPhoto]] {
    try await withThrowingTaskGroup(of: (Int, [MarsPhoto]).self) { group in
        var rest = pages[...]
        var inFlight = 0
        var result: [Int: [MarsPhoto]] = [:]
        repeat {
            while inFlight < 3, let page = rest.first {
                rest = rest.dropFirst()
                guard group.addTaskUnlessCancelled(operation: { (page, try await api.photos(rover: rover, earthDate: day, page: page)) }) else { break }
                inFlight += 1
            }
            guard let (page, photos) = try await group.next() else { break }
            inFlight -= 1
            result[page] = photos
        } while true
        try Task.checkCancellation()
        return result
    }
}
