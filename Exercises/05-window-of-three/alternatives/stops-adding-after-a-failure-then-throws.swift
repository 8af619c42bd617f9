// alternative: a group of Results that adds no page once one has failed, lets the window drain, then throws the first error
import LabScenarios

func fetchPages(_ pages: [Int], of rover: Rover, on day: String, using api: any MarsRoverService) async throws -> [Int: [MarsPhoto]] {
    var pending = pages.makeIterator()
    var result: [Int: [MarsPhoto]] = [:]
    var firstError: (any Error)?
    await withTaskGroup(of: (Int, Result<[MarsPhoto], any Error>).self) { group in
        func addNext() {
            guard firstError == nil, let page = pending.next() else { return }
            group.addTask {
                do { return (page, .success(try await api.photos(rover: rover, earthDate: day, page: page))) } catch { return (page, .failure(error)) }
            }
        }
        for _ in 0..<3 { addNext() }
        while let (page, outcome) = await group.next() {
            switch outcome {
            case .success(let photos): result[page] = photos
            case .failure(let error): if firstError == nil { firstError = error }
            }
            addNext()
        }
    }
    if let firstError { throw firstError }
    return result
}
