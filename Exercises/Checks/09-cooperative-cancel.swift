import Foundation
import LabKit

func runCheck(_ report: CheckReport) async {
    let units = CPUWork.units(for: .microseconds(500))
    let clock = ContinuousClock()
    let task = Task.detached {
        let rendered = await renderThumbnails(count: 400) { BlackHole.consume(CPUWork.run(units: units)) }
        return (rendered, ContinuousClock.now)
    }
    try? await Task.sleep(for: .milliseconds(30))
    let cancelled = clock.now
    task.cancel()
    report.waiting("renderThumbnails after cancel()")
    let (rendered, ended) = await task.value
    let late = cancelled.duration(to: ended)
    report.expect(rendered < 400, "it stopped early: \(rendered) of 400 thumbnails",
                  otherwise: "it rendered all 400 thumbnails after being cancelled: the loop never checks")
    report.expect(late < .milliseconds(40), "it stopped \(late.humanReadable) after cancel()",
                  otherwise: "it went on for \(late.humanReadable) after cancel()")
}
