// mistake: the starting loop
// expect: never checks
import LabCore

func renderThumbnails(count: Int, renderOne: () -> Void) async -> Int {
    var rendered = 0
    for _ in 0..<count { renderOne(); rendered += 1 }
    return rendered
}
