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
    let cancelledAt = Locked<ContinuousClock.Instant?>(nil)
    Thread {
        Thread.sleep(forTimeInterval: 0.03)
        cancelledAt.withLock { $0 = clock.now }
        task.cancel()
    }.start()
    report.waiting("renderThumbnails after cancel()")
    let (rendered, ended) = await task.value
    // No instant if the loop ended before cancel() came: the expectation above already fails it.
    let late = cancelledAt.withLock { $0 }.map { $0.duration(to: ended) } ?? .zero
    let really = counted.withLock { $0 }
    report.expect(rendered < total && rendered == really, "it stopped early and said so: \(rendered) of \(total) thumbnails",
                  otherwise: rendered != really ? "it returned \(rendered) but rendered \(really) thumbnails: return how many you rendered"
                                               : "it rendered all \(total) thumbnails after being cancelled: the loop never checks")
    report.expect(late < .milliseconds(40), "it stopped \(late.humanReadable) after cancel()",
                  otherwise: "it went on for \(late.humanReadable) after cancel()")
}
