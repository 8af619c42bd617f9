import LabCore

// Exercise 09 · cancellation · A loop that listens to cancel()
//
// The photo browser renders thumbnails in a task. When the user leaves, the task is
// cancelled, but this loop never looks, so it renders all of them anyway.
//
// TODO: stop rendering soon after the task is cancelled (a task cancelled before
// the call renders none), and return how many thumbnails were rendered.

func renderThumbnails(count: Int, renderOne: () -> Void) async -> Int {
    var rendered = 0
    for _ in 0..<count {
        renderOne()
        rendered += 1
    }
    return rendered
}
