// mistake: stops on cancel but returns the requested count
// expect: return how many you rendered
import LabCore

func renderThumbnails(count: Int, renderOne: () -> Void) async -> Int {
    for _ in 0..<count {
        if Task.isCancelled { break }
        renderOne()
    }
    return count
}
