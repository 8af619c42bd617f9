import Foundation
import LabConsole
import LabCore
import LessonKit

/// A delegate's callbacks bridged to an AsyncStream.
enum DelegateStreamVariant {
    static let variant = LessonVariant("delegate-stream", title: "A delegate bridged to an AsyncStream") { context in
        let console = context.console
        console.paragraph(
            """
            A smart mug reports each sip's caffeine to a delegate, on a background queue, every \
            \(context.describe(sourceSeconds: 0.3)). A one-shot continuation cannot carry many values, \
            so the delegate yields them into an AsyncStream instead, and the view reads it with \
            `for await`. The first mug finishes after 6 sips; from the second we read only 3, and the \
            stream's onTermination stops the sensor.
            """)
        let interval = context.scale.duration(sourceSeconds: 0.3)
        var total = 0.0
        var sips = 0
        for await milligrams in DrinkSensor(interval: interval, sips: 6).readings() {
            sips += 1
            total += milligrams
            console.output("sip \(sips): \(Int(milligrams)) mg")
        }
        let second = DrinkSensor(interval: interval, sips: 100)
        var read = 0
        for await _ in second.readings() {
            read += 1
            if read == 3 { break }
        }
        // Counted from here, not from the third reading: a busy machine may run the loop late,
        // and the sensor rightly reports on meanwhile. Stopping is what this measures.
        let beforeStop = second.reported
        try await Task.sleep(for: interval * 5)  // would the sensor keep reporting?
        let afterStop = second.reported - beforeStop
        context.record("sips", "sips from the first mug", count: sips)
        context.record("caffeine_mg", "caffeine in those sips (mg)", count: Int(total))
        context.record("second_reported", "reports from the second mug in all", count: second.reported)
        context.record(
            "second_reported_after_stop", "reports from the second mug after the loop left", count: afterStop)
        console.paragraph(
            """
            The stream ended when the first mug called sensorDidFinish (\(sips) sips, \(Int(total)) mg). \
            The second mug made \(second.reported) reports, \(afterLeaving(afterStop)).
            """)
    }

    /// What the second mug did after the loop left, in five intervals of waiting. The sensor
    /// counts a report in the same locked step that checks it is running, and `stop()` runs as
    /// the loop leaves, so a stopped sensor reports nothing more: any report after is a sensor
    /// that was never stopped.
    static func afterLeaving(_ reports: Int) -> String {
        reports == 0
            ? "none after the loop left: leaving the loop ended the stream (the loop held its only reference), "
                + "onTermination called stop(), and the sensor fell silent"
            : "\(reports) of them after the loop left: the sensor went on reporting into a stream nobody reads"
    }
}
