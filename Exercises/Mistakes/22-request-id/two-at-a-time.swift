// mistake: every line carries the id, but no more than two thumbnails load at once: the fan-out is throttled
// expect: at most 2 at a time
import LabCore

func handle(requestID: String, thumbnails count: Int, log: RequestLog) async -> [Thumbnail] {
    await Request.$id.withValue(requestID) {
        log.write("start")
        var thumbnails = await withTaskGroup(of: Thumbnail.self) { group in
            var next = 0
            for _ in 0..<min(2, count) {
                let index = next
                group.addTask { await loadThumbnail(index, log: log) }
                next += 1
            }
            var loaded: [Thumbnail] = []
            for await thumbnail in group {
                loaded.append(thumbnail)
                if next < count {
                    let index = next
                    group.addTask { await loadThumbnail(index, log: log) }
                    next += 1
                }
            }
            return loaded
        }
        thumbnails.sort { $0.index < $1.index }
        await Task(priority: .background) { [thumbnails] in await storeInCache(thumbnails, log: log) }.value
        log.write("done")
        return thumbnails
    }
}
