// mistake: the cache write is gone: the answer writes the "cached" line itself under the id, and nothing is cached
// expect: storeInCache
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
        log.write("cached \(thumbnails.count)")
        log.write("done")
        return thumbnails
    }
}
