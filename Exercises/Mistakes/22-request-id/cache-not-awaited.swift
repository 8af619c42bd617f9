// mistake: starts the cache write in a task and does not await it: "done" is written before the thumbnails are cached
// expect: await the cache write before done
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
        Task(priority: .background) { [thumbnails] in await storeInCache(thumbnails, log: log) }
        log.write("done")
        return thumbnails
    }
}
