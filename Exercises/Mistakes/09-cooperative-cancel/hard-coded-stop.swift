// mistake: stops after a fixed number of thumbnails whether cancelled or not
// expect: without cancel()
import LabCore

func renderThumbnails(count: Int, renderOne: () -> Void) async -> Int {
    var rendered = 0
    for _ in 0..<min(count, 10) { renderOne(); rendered += 1 }
    return rendered
}
