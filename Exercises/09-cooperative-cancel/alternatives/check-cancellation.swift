// alternative: uses try Task.checkCancellation() and catches it
import LabCore

func renderThumbnails(count: Int, renderOne: () -> Void) async -> Int {
    var rendered = 0
    do {
        for _ in 0..<count {
            try Task.checkCancellation()
            renderOne()
            rendered += 1
        }
    } catch {}
    return rendered
}
