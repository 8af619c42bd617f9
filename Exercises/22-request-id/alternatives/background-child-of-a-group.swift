// alternative: the cache write is a child of a task group, added at background priority, which inherits the id
import LabCore

func handle(requestID: String, thumbnails count: Int, log: RequestLog) async -> [Thumbnail] {
    await Request.$id.withValue(requestID) {
        log.write("start")
        let thumbnails = await withTaskGroup(of: Thumbnail.self) { group in
            for index in 0..<count {
                group.addTask { await loadThumbnail(index, log: log) }
            }
            return await group.reduce(into: []) { $0.append($1) }.sorted { $0.index < $1.index }
        }
        await withDiscardingTaskGroup { group in
            group.addTask(priority: .background) { await storeInCache(thumbnails, log: log) }
        }
        log.write("done")
        return thumbnails
    }
}
