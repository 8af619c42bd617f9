import LabCore

// Alternative: keep Task.detached for the cache write, hand it the id, and bind it again inside.

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
        await Task.detached(priority: .background) { [thumbnails] in
            await Request.$id.withValue(requestID) { await storeInCache(thumbnails, log: log) }
        }.value
        log.write("done")
        return thumbnails
    }
}
