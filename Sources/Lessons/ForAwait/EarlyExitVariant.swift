import Foundation
import LabKit

/// The consumer stops early. When does the producer hear about it?
enum EarlyExitVariant {
    static let variant = LessonVariant("early-exit", title: "The consumer leaves early: when does onTermination run?") { context in
        let console = context.console
        let period = 0.5
        console.paragraph("""
            A view reads new space photos from a stream, one every \(context.describe(sourceSeconds: period)), \
            and the user leaves after three. The stream's onTermination handler cancels the producer. \
            But onTermination does not run at `break`: it runs when the consuming task is cancelled \
            or when nothing references the stream any more. We try both ways of holding the stream.
            """)
        let probe = context.probe
        let work = context.work
        let grace = context.scale.duration(sourceSeconds: 10 * period)

        // 1. The loop's iterator holds the only reference: break ends it at once.
        let owned = await probe.withLane("loop owns stream") {
            // The stream is never stored: the loop's iterator is its only owner.
            let (feed, stream) = PhotoFeed.start(probe: probe, work: work, every: period)
            for await photo in consume stream where photo == 3 {
                probe.mark("break")
                break
            }
            return feed
        }
        try await Task.sleep(for: grace)

        // 2. The stream is also kept elsewhere (a view model's property, say): break ends nothing.
        let (held, heldStream) = await probe.withLane("stream held elsewhere") {
            PhotoFeed.start(probe: probe, work: work, every: period)
        }
        var producedWhileHeld = 0
        await probe.withLane("stream held elsewhere") {
            for await photo in heldStream where photo == 3 {
                probe.mark("break")
                break
            }
            try? await Task.sleep(for: grace)
            producedWhileHeld = held.produced
        }
        withExtendedLifetime(heldStream) {}  // held until here, as a property would hold it
        held.producer.cancel()  // what leaving the screen must do when the stream outlives the loop
        await owned.producer.value
        await held.producer.value

        context.record("owned_produced", "loop owns the stream: photos produced", count: owned.produced)
        context.record("owned_termination", "loop owns the stream: onTermination", text: owned.termination ?? "never ran")
        context.record("held_produced_after_grace", "stream held elsewhere: photos produced \(grace.humanReadable) after break", count: producedWhileHeld)
        context.record("held_termination_at_break", "stream held elsewhere: onTermination ran at break",
                       count: held.producedAtTermination == 3 ? 1 : 0)
        console.output("loop owns the stream: onTermination(\(owned.termination ?? "-")) at break, producer made \(owned.produced) photos")
        console.output("stream held elsewhere: \(grace.humanReadable) after break the producer had made \(producedWhileHeld)")
        console.paragraph("""
            When the `for await` loop held the only reference, breaking destroyed its iterator, \
            onTermination ran with `.cancelled`, and the producer stopped at \(owned.produced) photos. \
            When the stream was also held elsewhere, break changed nothing: the producer went on to \
            \(producedWhileHeld) photos for nobody, until we cancelled it. So tie the producer to the \
            consumer's lifetime: let the consumer own the stream, or cancel the producer when the \
            screen goes away (the next lesson's `.task` does exactly that).
            """)
    }
}
