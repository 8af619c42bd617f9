// mistake: every line carries the id, but the thumbnails load one after another: the fan-out is gone
// expect: one at a time
import LabCore

func handle(requestID: String, thumbnails count: Int, log: RequestLog) async -> [Thumbnail] {
    await Request.$id.withValue(requestID) {
        log.write("start")
        var thumbnails: [Thumbnail] = []
        for index in 0..<count { thumbnails.append(await loadThumbnail(index, log: log)) }
        await storeInCache(thumbnails, log: log)
        log.write("done")
        return thumbnails
    }
}
