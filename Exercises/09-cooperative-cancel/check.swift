import Foundation
import LabCore
@testable import StudentCode

let plannedExpectations = 3

func runCheck(_ report: CheckReport) async {
    let units = CPUWork.units(for: .microseconds(500))
    let total = CheckServices.random(in: 300...500)
    // Uncancelled, every thumbnail is rendered: a loop that stops early for another reason fails.
    let calm = await renderThumbnails(count: 12) { BlackHole.consume(CPUWork.run(units: units)) }
    report.expect(calm == 12, "without cancel() it renders them all", otherwise: "without cancel() it returned \(calm) of 12")
    let clock = ContinuousClock()
    let counted = Locked(0)
    // The task is cancelled from inside the k-th thumbnail, on the loop's own thread: no other
    // thread has to be scheduled in time (a canceller woken late by a busy machine could find the
    // loop done, and a correct loop would look as if it never checked), and the count at the
    // cancel is exact. Counted in thumbnails, not milliseconds: a busy machine stretches each
    // thumbnail's wall time, not their number.
    // Early, within the first few: a loop that looks at the flag only after some thumbnails
    // (after 16 passed while this was 20–60) keeps rendering past it.
    let cancelAt = CheckServices.random(in: 2...8)
    let cancelledAt = Locked<ContinuousClock.Instant?>(nil)
    let task = Task.detached {
        let rendered = await renderThumbnails(count: total) {
            BlackHole.consume(CPUWork.run(units: units))
            let count = counted.withLock { $0 += 1; return $0 }
            if count == cancelAt {
                cancelledAt.withLock { $0 = clock.now }
                // Unsafe only by name: the handle is used at once, inside the task it belongs to
                // (the loop calls renderOne synchronously), and not kept.
                withUnsafeCurrentTask { $0?.cancel() }
            }
        }
        return (rendered, ContinuousClock.now)
    }
    report.waiting("renderThumbnails after cancel()")
    let (rendered, ended) = await task.value
    let really = counted.withLock { $0 }
    // No instant if the loop never reached the k-th thumbnail: the expectation below fails it.
    let cancelled = cancelledAt.withLock { $0 }
    let more = cancelled == nil ? 0 : really - cancelAt
    let late = cancelled.map { $0.duration(to: ended) } ?? .zero
    report.expect(rendered < total && rendered == really, "it stopped early and said so: \(rendered) of \(total) thumbnails",
                  otherwise: rendered != really ? "it returned \(rendered) but rendered \(really) thumbnails: return how many you rendered"
                                               : "it rendered all \(total) thumbnails after being cancelled: the loop never checks")
    report.expect(more <= 1, "it stopped \(late.humanReadable) after cancel(), rendering \(more) more thumbnail(s)",
                  otherwise: "it rendered \(more) more thumbnails after cancel() (\(late.humanReadable)): check between thumbnails")
}
