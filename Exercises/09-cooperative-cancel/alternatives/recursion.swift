// alternative: recursion instead of a loop, each step looking at the flag before it renders
import LabCore

func renderThumbnails(count: Int, renderOne: () -> Void) async -> Int {
    render(left: count, renderOne)
}

func render(left: Int, _ renderOne: () -> Void) -> Int {
    guard left > 0, !Task.isCancelled else { return 0 }
    renderOne()
    return 1 + render(left: left - 1, renderOne)
}
