import Foundation
import LabTimeline
import LabTrace
import Thumbnails

// See your own async code run: the same page a lesson writes with --html, for this package's
// code. Each `probe.span`/`syncSpan` is a bar; each task that traces a step is a lane, nested
// under the task that started it. Usage: thumbnail-timeline [FILE] (default thumbnails.html).

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count <= 1, arguments.first?.hasPrefix("-") != true else {
    FileHandle.standardError.write(Data("usage: thumbnail-timeline [FILE.html]\n".utf8))
    exit(2)
}
let path = arguments.first ?? "thumbnails.html"
let images = (0..<8).map { Image.pattern(width: 512, height: 512, seed: $0) }
let cache = ActorThumbnailCache()

do {
    try await TimelinePageRecorder.record(
        "8 thumbnails in a task group, stored in an actor cache",
        summary: "Each child task makes one thumbnail (CPU work on the global executor), then stores its size in "
            + "an actor. With as many children as images and fewer cores, the by-thread view shows the pool's width.",
        to: path
    ) { probe in
        await withTaskGroup(of: Void.self) { group in
            for (index, image) in images.enumerated() {
                group.addTask {
                    // A lane of its own, named: works on every platform (Task(name:) needs macOS 26).
                    await probe.withLane("thumbnail \(index)") {
                        let thumbnail = probe.syncSpan("make thumbnail", kind: .cpu) { image.thumbnail(factor: 8) }
                        await probe.span("store in the cache") { await cache.store(thumbnail.width, for: "\(index)") }
                    }
                }
            }
        }
        // Back on the main actor, as a view would be.
        await probe.span("show the results") { _ = await cache.size(of: "0") }
    }
    print("wrote \(path): open it in a browser")
} catch {
    FileHandle.standardError.write(
        Data("thumbnail-timeline: error: cannot write \(path): \(error.localizedDescription)\n".utf8))
    exit(1)
}
