// alternative: the solution, the cache write's thread held 150 ms after it wrote "cached", as a busy machine may stall it before the handler writes "done"
import LabCore

func handle(requestID: String, thumbnails count: Int, log: RequestLog) async -> [Thumbnail] {
    await Request.$id.withValue(requestID) {
        log.write("start")
        var thumbnails = await withTaskGroup(of: Thumbnail.self) { group in
            for index in 0..<count {
                group.addTask { await loadThumbnail(index, log: log) }
            }
            var loaded: [Thumbnail] = []
            for await thumbnail in group { loaded.append(thumbnail) }
            return loaded
        }
        thumbnails.sort { $0.index < $1.index }
        await Task(priority: .background) { [thumbnails] in
            await storeInCache(thumbnails, log: log)
            // A preempted thread, stood in for: it keeps its CPU and wakes nothing for 150 ms.
            let stalledUntil = ContinuousClock.now + .milliseconds(150)
            while ContinuousClock.now < stalledUntil {}
        }.value
        log.write("done")
        return thumbnails
    }
}
