// mistake: writes the log lines itself under the id and makes up the thumbnails instead of loading them
// expect: not those loadThumbnail loads
import LabCore

func handle(requestID: String, thumbnails count: Int, log: RequestLog) async -> [Thumbnail] {
    await Request.$id.withValue(requestID) {
        log.write("start")
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<count { group.addTask { log.write("thumbnail \(index)"); try? await Task.sleep(for: .milliseconds(30)) } }
        }
        let thumbnails = (0..<count).map { Thumbnail(index: $0, checksum: UInt64($0)) }
        log.write("cached \(count)")
        log.write("done")
        return thumbnails
    }
}
