// mistake: batches of three, each batch awaited whole (a slow request stalls the window)
// expect: batch by batch
import LabScenarios

func fetchPages(_ pages: [Int], of rover: Rover, on day: String, using api: any MarsRoverService) async throws -> [Int: [MarsPhoto]] {
    var result: [Int: [MarsPhoto]] = [:]
    var index = 0
    while index < pages.count {
        let (p, q, r) = (pages[index], pages[min(index + 1, pages.count - 1)], pages[min(index + 2, pages.count - 1)])
        async let a = api.photos(rover: rover, earthDate: day, page: p)
        async let b = api.photos(rover: rover, earthDate: day, page: q)
        async let c = api.photos(rover: rover, earthDate: day, page: r)
        let (x, y, z) = try await (a, b, c)
        result[p] = x; result[q] = y; result[r] = z
        index += 3
    }
    return result
}
