// mistake: checks for cancellation once, before the loop
// expect: never checks
import LabCore

func renderThumbnails(count: Int, renderOne: () -> Void) async -> Int {
    if Task.isCancelled { return 0 }
    var rendered = 0
    for _ in 0..<count { renderOne(); rendered += 1 }
    return rendered
}
