// alternative: a lazy prefix that ends at the cancel, counted by reduce
import LabCore

/// Renders until the task is cancelled; returns how many were rendered.
func renderThumbnails(count: Int, renderOne: () -> Void) async -> Int {
    (0..<count).lazy
        .prefix { _ in !Task.isCancelled }
        .reduce(0) { rendered, _ in
            renderOne()
            return rendered + 1
        }
}
