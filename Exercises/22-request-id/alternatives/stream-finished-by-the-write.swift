// alternative: the cache write's background task finishes a stream when it is done, and the handler waits for the stream to end

// The cache write's task finishes a stream when it is done; the handler waits on the stream.
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
        let (written, finished) = AsyncStream<Void>.makeStream()
        Task(priority: .background) { [thumbnails] in
            await storeInCache(thumbnails, log: log)
            finished.finish()
        }
        for await _ in written {}
        log.write("done")
        return thumbnails
    }
}
