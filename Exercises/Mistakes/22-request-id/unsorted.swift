// mistake: every line carries the id, but the thumbnails come back in the order they finished, not by index
// expect: index order
import LabCore

func handle(requestID: String, thumbnails count: Int, log: RequestLog) async -> [Thumbnail] {
    await Request.$id.withValue(requestID) {
        log.write("start")
        let thumbnails = await withTaskGroup(of: Thumbnail.self) { group in
            for index in (0..<count).reversed() {
                group.addTask { await loadThumbnail(index, log: log) }
            }
            var loaded: [Thumbnail] = []
            for await thumbnail in group { loaded.append(thumbnail) }
            return loaded
        }
        await Task(priority: .background) { await storeInCache(thumbnails, log: log) }.value
        log.write("done")
        return thumbnails
    }
}
