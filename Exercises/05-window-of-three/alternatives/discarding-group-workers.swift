// alternative: three workers in a discarding group take the next page from a shared iterator in a Mutex, and keep the photos in another
import LabScenarios
import Synchronization

/// The pages not yet asked for and the photos fetched, shared by the workers.
final class Pages: Sendable {
    let next: Mutex<IndexingIterator<[Int]>>
    let fetched = Mutex<[Int: [MarsPhoto]]>([:])
    init(_ pages: [Int]) { next = Mutex(pages.makeIterator()) }
}

// Three workers in a discarding group take the next page from a shared iterator; results in a Mutex.
func fetchPages(_ pages: [Int], of rover: Rover, on day: String, using api: any MarsRoverService) async throws -> [Int: [MarsPhoto]] {
    let shared = Pages(pages)
    try await withThrowingDiscardingTaskGroup { group in
        for _ in 0..<3 {
            group.addTask {
                while let page = shared.next.withLock({ $0.next() }) {
                    let photos = try await api.photos(rover: rover, earthDate: day, page: page)
                    shared.fetched.withLock { $0[page] = photos }
                }
            }
        }
    }
    return shared.fetched.withLock { $0 }
}
