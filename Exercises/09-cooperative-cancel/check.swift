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
    let task = Task.detached {
        let rendered = await renderThumbnails(count: total) {
            BlackHole.consume(CPUWork.run(units: units))
            counted.withLock { $0 += 1 }
        }
        return (rendered, ContinuousClock.now)
    }
    // cancel() comes from a thread of its own: a loop that never suspends holds its pool thread, and
    // on one CPU that is the pool's only one, so a task sleeping on the pool would wake (and cancel)
    // only after the loop had ended, and a correct loop would look as if it never checked.
    // Counted in thumbnails, not milliseconds: a busy machine stretches each thumbnail's wall
    // time (a 40 ms bound once counted its stalls against a correct loop), not their number.
    // Read after cancel(): the one under way then may still finish.
    let atCancel = Locked<(count: Int, instant: ContinuousClock.Instant)?>(nil)
    Thread {
        Thread.sleep(forTimeInterval: 0.03)
        task.cancel()
        let now = clock.now
        atCancel.withLock { $0 = (counted.withLock { $0 }, now) }
    }.start()
    report.waiting("renderThumbnails after cancel()")
    let (rendered, ended) = await task.value
    let really = counted.withLock { $0 }
    // No reading if the loop ended before cancel() came: the expectation below already fails it.
    let cancelled = atCancel.withLock { $0 }
    let more = cancelled.map { really - $0.count } ?? 0
    let late = cancelled.map { $0.instant.duration(to: ended) } ?? .zero
    report.expect(rendered < total && rendered == really, "it stopped early and said so: \(rendered) of \(total) thumbnails",
                  otherwise: rendered != really ? "it returned \(rendered) but rendered \(really) thumbnails: return how many you rendered"
                                               : "it rendered all \(total) thumbnails after being cancelled: the loop never checks")
    report.expect(more <= 2, "it stopped \(late.humanReadable) after cancel(), rendering \(more) more thumbnail(s)",
                  otherwise: "it rendered \(more) more thumbnails after cancel() (\(late.humanReadable)): check between thumbnails")
}
