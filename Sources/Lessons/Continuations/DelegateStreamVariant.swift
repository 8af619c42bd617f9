import Foundation
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
        try await Task.sleep(for: interval * 5)  // would the sensor keep reporting?
        context.record("sips", "sips from the first mug", count: sips)
        context.record("caffeine_mg", "caffeine in those sips (mg)", count: Int(total))
        context.record("second_reported", "reports from the second mug after we stopped at 3", count: second.reported)
        console.paragraph(
            """
            The stream ended when the first mug called sensorDidFinish (\(sips) sips, \(Int(total)) mg). \
            The second mug made \(second.reported) reports: leaving the loop ended the stream (the loop \
            held its only reference), onTermination called stop(), and the sensor fell silent.
            """)
    }
}
