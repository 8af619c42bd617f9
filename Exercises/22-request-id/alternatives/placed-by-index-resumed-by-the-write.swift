// alternative: placed by index into an array of optionals; the background task resumes a continuation the handler awaits
import LabCore

func handle(requestID: String, thumbnails count: Int, log: RequestLog) async -> [Thumbnail] {
    await Request.$id.withValue(requestID) {
        log.write("start")
        let thumbnails = await withTaskGroup(of: Thumbnail.self) { group in
            for index in 0..<count {
                group.addTask { await loadThumbnail(index, log: log) }
            }
            var placed = [Thumbnail?](repeating: nil, count: count)
            for await thumbnail in group { placed[thumbnail.index] = thumbnail }
            return placed.compactMap { $0 }
        }
        await withCheckedContinuation { (stored: CheckedContinuation<Void, Never>) in
            Task(priority: .background) {
                await storeInCache(thumbnails, log: log)
                stored.resume()
            }
        }
        log.write("done")
        return thumbnails
    }
}
