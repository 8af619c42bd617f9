import LabCore

// Each thumbnail in an unstructured Task {} (which copies the task-locals), all started before
// any is awaited, then awaited in index order: already sorted.
func handle(requestID: String, thumbnails count: Int, log: RequestLog) async -> [Thumbnail] {
    await Request.$id.withValue(requestID) {
        log.write("start")
        let loads = (0..<count).map { index in Task { await loadThumbnail(index, log: log) } }
        var thumbnails: [Thumbnail] = []
        for load in loads { thumbnails.append(await load.value) }
        await Task(priority: .background) { [thumbnails] in await storeInCache(thumbnails, log: log) }.value
        log.write("done")
        return thumbnails
    }
}
