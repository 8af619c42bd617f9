// alternative: the loop on the main actor, as a view's: each thumbnail's closure (not escaping) runs there, in the caller's task, and the loop still sees that task's cancel
import LabCore

@MainActor
func renderThumbnails(count: Int, renderOne: () -> Void) async -> Int {
    var rendered = 0
    for _ in 0..<count {
        if Task.isCancelled { break }
        renderOne()
        rendered += 1
    }
    return rendered
}
