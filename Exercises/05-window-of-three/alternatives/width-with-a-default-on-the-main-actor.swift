// alternative: the window's width a parameter with a default of three, and the function on the main
// actor (a view model's): the requests run in the group's children all the same
import LabScenarios

@MainActor func fetchPages(
    _ pages: [Int], of rover: Rover, on day: String, using api: any MarsRoverService, window: Int = 3
) async throws -> [Int: [MarsPhoto]] {
    try await withThrowingTaskGroup(of: (Int, [MarsPhoto]).self) { group in
        var pending = pages.makeIterator()
        func addNext() {
            guard let page = pending.next() else { return }
            group.addTask { (page, try await api.photos(rover: rover, earthDate: day, page: page)) }
        }
        for _ in 0..<window { addNext() }
        var result: [Int: [MarsPhoto]] = [:]
        while let (page, photos) = try await group.next() {
            result[page] = photos
            addNext()
        }
        return result
    }
}
