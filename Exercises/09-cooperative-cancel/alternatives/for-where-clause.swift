// alternative: the loop's where clause looks at Task.isCancelled before every thumbnail
import LabCore

func renderThumbnails(count: Int, renderOne: () -> Void) async -> Int {
    var rendered = 0
    for _ in 0..<count where !Task.isCancelled {
        renderOne()
        rendered += 1
    }
    return rendered
}
