import LabCore

// The thumbnails split in halves down to one, each half an async let: all load at once, and
// the halves join in index order.
func loadRange(_ range: Range<Int>, log: RequestLog) async -> [Thumbnail] {
    if range.count == 1 { return [await loadThumbnail(range.lowerBound, log: log)] }
    let middle = range.lowerBound + range.count / 2
    async let low = loadRange(range.lowerBound..<middle, log: log)
    async let high = loadRange(middle..<range.upperBound, log: log)
    return await low + high
}

func handle(requestID: String, thumbnails count: Int, log: RequestLog) async -> [Thumbnail] {
    await Request.$id.withValue(requestID) {
        log.write("start")
        let thumbnails = count == 0 ? [] : await loadRange(0..<count, log: log)
        await Task(priority: .background) { [thumbnails] in await storeInCache(thumbnails, log: log) }.value
        log.write("done")
        return thumbnails
    }
}
