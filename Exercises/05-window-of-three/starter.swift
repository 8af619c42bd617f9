import LabScenarios

// Exercise 05 · task-groups · At most three requests in flight
//
// Browsing a day of photos means fetching 12 pages. The server allows a client at most
// 3 requests at a time. This version is polite but slow: one page at a time.
//
// TODO: fetch the pages concurrently, never with more than 3 requests in flight.
// Return the photos of each page by page number.

func fetchPages(_ pages: [Int], of rover: Rover, on day: String, using api: any MarsRoverService) async throws -> [Int: [MarsPhoto]] {
    var result: [Int: [MarsPhoto]] = [:]
    for page in pages {
        result[page] = try await api.photos(rover: rover, earthDate: day, page: page)
    }
    return result
}
