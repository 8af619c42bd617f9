// alternative: thumbnails in a discarding group into an actor, the cache write in a background Task whose handle the handler awaits
import LabCore

actor Collected {
    var thumbnails: [Thumbnail] = []
    func add(_ thumbnail: Thumbnail) { thumbnails.append(thumbnail) }
}

func handle(requestID: String, thumbnails count: Int, log: RequestLog) async -> [Thumbnail] {
    await Request.$id.withValue(requestID) {
        log.write("start")
        let collected = Collected()
        await withDiscardingTaskGroup { group in
            for index in 0..<count { group.addTask { await collected.add(await loadThumbnail(index, log: log)) } }
        }
        let thumbnails = await collected.thumbnails.sorted { $0.index < $1.index }
        let write = Task(priority: .background) { await storeInCache(thumbnails, log: log) }
        await write.value
        log.write("done")
        return thumbnails
    }
}
