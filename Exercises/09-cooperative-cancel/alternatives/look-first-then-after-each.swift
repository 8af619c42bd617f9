// alternative: looks once before the first thumbnail, then after each one: a look between every two all the same
import LabCore

// Looks once before the first thumbnail, then after each one: between every two all the same.
func renderThumbnails(count: Int, renderOne: () -> Void) async -> Int {
    guard !Task.isCancelled else { return 0 }
    var rendered = 0
    while rendered < count {
        renderOne()
        rendered += 1
        if Task.isCancelled { break }
    }
    return rendered
}
