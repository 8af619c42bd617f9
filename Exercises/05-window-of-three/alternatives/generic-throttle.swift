// alternative: a generic throttled map helper keeps three requests in flight
import LabScenarios

// A reusable helper: runs `operation` for every key, at most `width` at a time, and keys the results.
func throttledMap<Key: Sendable & Hashable, Value: Sendable>(
    _ keys: [Key], width: Int, _ operation: @escaping @Sendable (Key) async throws -> Value
) async throws -> [Key: Value] {
    try await withThrowingTaskGroup(of: (Key, Value).self) { group in
        var results: [Key: Value] = [:]
        var inFlight = 0
        for key in keys {
            if inFlight == width {
                if let (done, value) = try await group.next() { results[done] = value }
                inFlight -= 1
            }
            group.addTask { (key, try await operation(key)) }
            inFlight += 1
        }
        for try await (done, value) in group { results[done] = value }
        return results
    }
}

func fetchPages(_ pages: [Int], of rover: Rover, on day: String, using api: any MarsRoverService) async throws -> [Int: [MarsPhoto]] {
    try await throttledMap(pages, width: 3) { page in
        try await api.photos(rover: rover, earthDate: day, page: page)
    }
}
