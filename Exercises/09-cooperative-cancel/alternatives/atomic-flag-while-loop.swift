// alternative: an atomic flag raised by onCancel, a while loop, a tally counted in a defer
import LabCore
import Synchronization


final class Left: Sendable { let now = Atomic(false) }

func renderThumbnails(count: Int, renderOne: () -> Void) async -> Int {
    let left = Left()
    return await withTaskCancellationHandler {
        var rendered = 0
        while rendered < count, !left.now.load(ordering: .acquiring) {
            defer { rendered += 1 }
            renderOne()
        }
        return rendered
    } onCancel: {
        left.now.store(true, ordering: .releasing)
    }
}
