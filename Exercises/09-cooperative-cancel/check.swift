import Foundation
import LabCore
@testable import StudentCode

let plannedExpectations = 3

func runCheck(_ report: CheckReport) async {
    let units = CPUWork.units(for: .microseconds(500))
    let total = CheckServices.random(in: 300...500)
    // Uncancelled, every thumbnail is rendered, as many as the cancelled runs below have: a loop
    // that stops early for another reason fails (a cap of 100 passed while this run had 12).
    let calm = await renderThumbnails(count: total) { BlackHole.consume(CPUWork.run(units: units)) }
    report.expect(calm == total, "without cancel() it renders them all (\(total))",
                  otherwise: "without cancel() it returned \(calm) of \(total): stop only when cancelled; until then render every thumbnail")
    let clock = ContinuousClock()
    // The task is cancelled from inside the k-th thumbnail, on the loop's own thread: no other
    // thread has to be scheduled in time (a canceller woken late by a busy machine could find the
    // loop done, and a correct loop would look as if it never checked), and the count at the
    // cancel is exact. Counted in thumbnails, not milliseconds: a busy machine stretches each
    // thumbnail's wall time, not their number. Early, within the first few: a loop that looks
    // at the flag only after some thumbnails (after 16 passed while this was 20–60) keeps
    // rendering past it. Twice, at k and k + 1: a loop that looks only every other thumbnail
    // renders one more after one of the two, whichever k is. And once late in the batch, anywhere
    // up to its last two: a loop that looked only during its first ten thumbnails passed while
    // every cancel came early (an audit's answer). And in its next-to-last thumbnail: one that
    // stopped looking for its last 20 passed while the late cancel came 20 or more before the end. And first of all, before the call, in a
    // task already cancelled (`0`): it renders none. A loop that looked only once it had rendered
    // a few (two, four) passed while the first cancel came in thumbnail 2–8, and so did one that
    // rendered first and looked after.
    let first = CheckServices.random(in: 2...8)
    let late = CheckServices.random(in: 24...(total - 2))
    var runs: [(cancelAt: Int, rendered: Int, really: Int, more: Int, late: Duration, reached: Bool)] = []
    for cancelAt in [0, first, first + 1, late, total - 1] {
        let renders = Locked(0)
        let cancelledAt = Locked<ContinuousClock.Instant?>(nil)
        let task = Task.detached {
            if cancelAt == 0 {
                cancelledAt.withLock { $0 = clock.now }
                // As below: the task cancels itself, at once, and keeps no handle.
                withUnsafeCurrentTask { $0?.cancel() }
            }
            let rendered = await renderThumbnails(count: total) {
                BlackHole.consume(CPUWork.run(units: units))
                let count = renders.withLock { $0 += 1; return $0 }
                if count == cancelAt {
                    cancelledAt.withLock { $0 = clock.now }
                    // Unsafe only by name: the handle is used at once, inside the task it belongs to
                    // (the loop calls renderOne synchronously), and not kept.
                    withUnsafeCurrentTask { $0?.cancel() }
                }
            }
            return (rendered, ContinuousClock.now)
        }
        report.waiting(cancelAt == 0 ? "renderThumbnails in a task already cancelled" : "renderThumbnails after cancel() in thumbnail \(cancelAt)")
        let (rendered, ended) = await task.value
        let really = renders.withLock { $0 }
        // No instant if the loop never reached the k-th thumbnail: it stopped, uncancelled, for a
        // reason of its own (a cap of 100, a time budget: an audit's answers), and fails below.
        let cancelled = cancelledAt.withLock { $0 }
        runs.append(
            (cancelAt, rendered, really, cancelled == nil ? 0 : really - cancelAt,
             cancelled.map { $0.duration(to: ended) } ?? .zero, cancelled != nil))
    }
    let wrongCount = runs.first { $0.rendered != $0.really }
    let all = runs.first { $0.rendered >= total }
    let unasked = runs.first { !$0.reached }
    report.expect(wrongCount == nil && all == nil && unasked == nil, "it stopped early and said so: \(runs.map { "\($0.rendered)" }.joined(separator: " and ")) of \(total) thumbnails",
                  otherwise: wrongCount.map { "it returned \($0.rendered) but rendered \(counted($0.really, "thumbnail")): return how many you rendered" }
                      ?? unasked.map { "it stopped after \($0.really) of \(total) thumbnails before anyone cancelled it (cancel() was to come in thumbnail \($0.cancelAt)): stop only when cancelled; until then render every thumbnail" }
                      ?? (runs.allSatisfy { $0.rendered >= total }
                          ? "it rendered all \(total) thumbnails after being cancelled: the loop never checks"
                          : runs.dropFirst().allSatisfy { $0.rendered >= total }
                          ? "cancelled before the call, it rendered \(runs[0].rendered == 0 ? "none" : "\(runs[0].rendered)"); cancelled in thumbnail \(first), it still rendered all \(total): it does not look at the flag as it goes; check between every two thumbnails"
                          : "it rendered all \(total) thumbnails after cancel() in thumbnail \(all?.cancelAt ?? 0), though it stopped after an earlier cancel: check between every two thumbnails, to the end"))
    // A loop that looks between every two thumbnails renders none after the cancel.
    let worst = runs.max { $0.more < $1.more } ?? runs[0]
    report.expect(worst.more == 0, "it stopped \(runs.map(\.late.humanReadable).joined(separator: " and ")) after cancel(), rendering no more thumbnails",
                  otherwise: worst.cancelAt == 0
                      ? "in a task cancelled before it was called, it rendered \(counted(worst.more, "thumbnail")): look at the flag before every thumbnail, the first too"
                      : "it rendered \(counted(worst.more, "more thumbnail")) after cancel() in thumbnail \(worst.cancelAt) (\(worst.late.humanReadable)): check between every two thumbnails")
}
