// alternative: a cancellation handler sets an Atomic flag that the loop reads
import LabCore
import Synchronization

// Correct: the cancellation handler raises a flag the loop reads between thumbnails.
final class StopFlag: Sendable {
    let raised = Atomic<Bool>(false)
}

func renderThumbnails(count: Int, renderOne: () -> Void) async -> Int {
    let stop = StopFlag()
    return await withTaskCancellationHandler {
        var rendered = 0
        for _ in 0..<count {
            if stop.raised.load(ordering: .acquiring) { break }
            renderOne()
            rendered += 1
        }
        return rendered
    } onCancel: {
        stop.raised.store(true, ordering: .releasing)
    }
}
