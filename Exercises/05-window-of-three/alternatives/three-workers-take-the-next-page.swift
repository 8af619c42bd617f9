// alternative: three workers in a group, each taking the next page from a shared actor queue as soon as it is free
import LabScenarios

actor PageQueue {
    private var left: [Int]
    init(_ pages: [Int]) { left = pages.reversed() }
    func take() -> Int? { left.popLast() }
}

// Three workers, each taking the next page from a shared queue when it is free.
func fetchPages(_ pages: [Int], of rover: Rover, on day: String, using api: any MarsRoverService) async throws -> [Int: [MarsPhoto]] {
    let queue = PageQueue(pages)
    return try await withThrowingTaskGroup(of: [Int: [MarsPhoto]].self) { group in
        for _ in 0..<min(3, pages.count) {
            group.addTask {
                var mine: [Int: [MarsPhoto]] = [:]
                while let page = await queue.take() {
                    mine[page] = try await api.photos(rover: rover, earthDate: day, page: page)
                }
                return mine
            }
        }
        var result: [Int: [MarsPhoto]] = [:]
        for try await part in group { result.merge(part) { a, _ in a } }
        return result
    }
}
