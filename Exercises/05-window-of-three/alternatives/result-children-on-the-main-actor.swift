// alternative: a main-actor function whose children give Results; the first failure cancels the rest and is rethrown
import LabScenarios

// On the main actor; each child gives a Result, and the first failure is rethrown with get().
@MainActor
func fetchPages(_ pages: [Int], of rover: Rover, on day: String, using api: any MarsRoverService) async throws -> [Int: [MarsPhoto]] {
    try await withThrowingTaskGroup(of: (Int, Result<[MarsPhoto], any Error>).self) { group in
        var pending = pages.makeIterator()
        func addNext() {
            guard let page = pending.next() else { return }
            group.addTask {
                do {
                    return (page, .success(try await api.photos(rover: rover, earthDate: day, page: page)))
                } catch {
                    return (page, .failure(error))
                }
            }
        }
        for _ in 0..<3 { addNext() }
        var result: [Int: [MarsPhoto]] = [:]
        while let (page, outcome) = try await group.next() {
            do { result[page] = try outcome.get() } catch {
                group.cancelAll()
                throw error
            }
            addNext()
        }
        return result
    }
}
