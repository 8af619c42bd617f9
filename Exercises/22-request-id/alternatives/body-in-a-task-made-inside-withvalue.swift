// alternative: the handler's body in one unstructured Task made inside withValue, which copies the id; the handler awaits that task
import LabCore

// The Task {} is woken once on the pool by the cache write's end, and its own end wakes the
// handler: no timer of the answer's takes part.
func handle(requestID: String, thumbnails count: Int, log: RequestLog) async -> [Thumbnail] {
    let work = Request.$id.withValue(requestID) {
        Task {
            log.write("start")
            var thumbnails = await withTaskGroup(of: Thumbnail.self) { group in
                for index in 0..<count { group.addTask { await loadThumbnail(index, log: log) } }
                var loaded: [Thumbnail] = []
                for await thumbnail in group { loaded.append(thumbnail) }
                return loaded
            }
            thumbnails.sort { $0.index < $1.index }
            await Task(priority: .background) { [thumbnails] in await storeInCache(thumbnails, log: log) }.value
            log.write("done")
            return thumbnails
        }
    }
    return await work.value
}
