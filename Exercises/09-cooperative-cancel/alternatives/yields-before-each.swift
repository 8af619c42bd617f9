// alternative: yields to other tasks before each thumbnail, then asks whether it was cancelled
import LabCore

func renderThumbnails(count: Int, renderOne: () -> Void) async -> Int {
    var rendered = 0
    while rendered < count {
        await Task.yield()
        guard !Task.isCancelled else { return rendered }
        renderOne()
        rendered += 1
    }
    return rendered
}
