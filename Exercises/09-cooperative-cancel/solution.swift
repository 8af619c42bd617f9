import LabCore

// Exercise 09 · solution: check the flag between thumbnails.

func renderThumbnails(count: Int, renderOne: () -> Void) async -> Int {
    var rendered = 0
    for _ in 0..<count {
        if Task.isCancelled { break }
        renderOne()
        rendered += 1
    }
    return rendered
}
