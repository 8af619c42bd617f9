import LabCore

// Alternative: bind where each piece runs — around handle's own lines, inside each child,
// and inside the cache write. More places to forget, but every line carries the id.

func handle(requestID: String, thumbnails count: Int, log: RequestLog) async -> [Thumbnail] {
    Request.$id.withValue(requestID) { log.write("start") }
    var thumbnails = await withTaskGroup(of: Thumbnail.self) { group in
        for index in 0..<count {
            group.addTask { await Request.$id.withValue(requestID) { await loadThumbnail(index, log: log) } }
        }
        var loaded: [Thumbnail] = []
        for await thumbnail in group { loaded.append(thumbnail) }
        return loaded
    }
    thumbnails.sort { $0.index < $1.index }
    let sorted = thumbnails
    await Task.detached(priority: .background) {
        await Request.$id.withValue(requestID) { await storeInCache(sorted, log: log) }
    }.value
    Request.$id.withValue(requestID) { log.write("done") }
    return thumbnails
}
