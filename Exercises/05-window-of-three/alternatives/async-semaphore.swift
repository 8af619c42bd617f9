// alternative: an async semaphore actor with wait() and signal(), awaited
import LabScenarios

// A small async semaphore (as in groue/Semaphore): wait() suspends until a permit is free.
actor AsyncSemaphore {
    private var value: Int
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(value: Int) { self.value = value }

    func wait() async {
        if value > 0 {
            value -= 1
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    func signal() {
        if waiters.isEmpty {
            value += 1
        } else {
            waiters.removeFirst().resume()
        }
    }
}

func fetchPages(_ pages: [Int], of rover: Rover, on day: String, using api: any MarsRoverService) async throws -> [Int: [MarsPhoto]] {
    let semaphore = AsyncSemaphore(value: 3)
    return try await withThrowingTaskGroup(of: (Int, [MarsPhoto]).self) { group in
        for page in pages {
            group.addTask {
                await semaphore.wait()
                do {
                    let photos = try await api.photos(rover: rover, earthDate: day, page: page)
                    await semaphore.signal()
                    return (page, photos)
                } catch {
                    await semaphore.signal()
                    throw error
                }
            }
        }
        var result: [Int: [MarsPhoto]] = [:]
        for try await (page, photos) in group { result[page] = photos }
        return result
    }
}
