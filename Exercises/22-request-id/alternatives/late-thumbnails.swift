// alternative: the solution, every thumbnail but the first starting 400 ms late, as a stalled machine may start them
import LabCore

func handle(requestID: String, thumbnails count: Int, log: RequestLog) async -> [Thumbnail] {
    await Request.$id.withValue(requestID) {
        log.write("start")
        var thumbnails = await withTaskGroup(of: Thumbnail.self) { group in
            for index in 0..<count {
                group.addTask {
                    if index > 0 { try? await Task.sleep(for: .milliseconds(400)) }
                    return await loadThumbnail(index, log: log)
                }
            }
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
