// alternative: a sequence of its own whose iterator ends once the task is cancelled, asked before every thumbnail
import LabCore

struct UntilCancelled: Sequence, IteratorProtocol {
    var remaining: Int
    mutating func next() -> Int? {
        guard remaining > 0, !Task.isCancelled else { return nil }
        remaining -= 1
        return remaining
    }
}

func renderThumbnails(count: Int, renderOne: () -> Void) async -> Int {
    var rendered = 0
    for _ in UntilCancelled(remaining: count) {
        renderOne()
        rendered += 1
    }
    return rendered
}
