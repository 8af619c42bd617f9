import Foundation
import LabConsole
import LabCore
import LabTrace
import LessonKit

/// When does a stream's `onTermination` run? Four ways a consumer and a producer
/// part, each measured: the sentences say what this run saw.
enum EarlyExitVariant {
    /// One way of parting, and what the feed's log said afterwards.
    struct Case {
        let name: String
        /// onTermination's argument ("cancelled", "finished"), nil if it had not run when we looked.
        let termination: String?
        /// Photos made by the time onTermination ran (or by the time we looked).
        let producedAtTermination: Int
        /// Photos made by the end of the grace period after the consumer stopped.
        let producedAfterGrace: Int
    }

    static let variant = LessonVariant("early-exit", title: "The consumer leaves early: when does onTermination run?") {
        context in
        let console = context.console
        let period = 0.5
        console.paragraph(
            """
            A view reads new space photos from a stream, one every \(context.describe(sourceSeconds: period)), \
            and the user leaves after three. The stream's onTermination handler cancels the producer, \
            so when it runs decides how long the producer works for nobody. We part consumer and \
            producer four ways and record when onTermination ran, if it did.
            """)
        let probe = context.probe
        let work = context.work
        let grace = context.scale.duration(sourceSeconds: 10 * period)
        var cases: [Case] = []

        // 1. The loop's iterator holds the only reference: break ends it.
        let owned = await probe.withLane("break, loop owns stream") {
            let (feed, stream) = PhotoFeed.start(probe: probe, work: work, every: period)
            for await photo in consume stream where photo == 3 {
                probe.mark("break")
                break
            }
            return feed
        }
        try await Task.sleep(for: grace)
        cases.append(
            Case(
                name: "a break while the loop held the only reference", termination: owned.termination,
                producedAtTermination: owned.producedAtTermination, producedAfterGrace: owned.produced))

        // 2. The stream is also kept elsewhere (a view model's property, say): break ends nothing.
        let (held, heldStream) = PhotoFeed.start(probe: probe, work: work, every: period)
        await probe.withLane("break, stream held elsewhere") {
            for await photo in heldStream where photo == 3 {
                probe.mark("break")
                break
            }
            try? await Task.sleep(for: grace)
        }
        cases.append(
            Case(
                name: "a break while the stream was also held elsewhere", termination: held.termination,
                producedAtTermination: held.termination == nil ? held.produced : held.producedAtTermination,
                producedAfterGrace: held.produced))
        withExtendedLifetime(heldStream) {}  // held until here, as a property would hold it
        held.producer.cancel()  // what leaving the screen must do when the stream outlives the loop

        // 3. The consuming task is cancelled (a view's `.task` when the view goes away).
        let (watched, watchedStream) = PhotoFeed.start(probe: probe, work: work, every: period)
        let seenThree = AsyncStream.makeStream(of: Void.self)
        let consumer = Task {
            await probe.withLane("consumer task cancelled") {
                for await photo in watchedStream where photo == 3 {
                    probe.mark("photo 3")  // a step of its own, so the timeline draws this lane
                    seenThree.continuation.yield()
                }
            }
        }
        for await _ in seenThree.stream { break }
        // In a lane of its own: this task's last lane is the previous way's, which it does not belong to.
        await probe.withLane("the view goes away") {
            probe.mark("cancel consumer")
            consumer.cancel()
        }
        await consumer.value
        try await Task.sleep(for: grace)
        cases.append(
            Case(
                name: "the consuming task cancelled", termination: watched.termination,
                producedAtTermination: watched.producedAtTermination, producedAfterGrace: watched.produced))
        withExtendedLifetime(watchedStream) {}  // still referenced: cancellation alone ended it

        // 4. The producer runs out and calls finish().
        let (finite, finiteStream) = PhotoFeed.start(probe: probe, work: work, every: period, photos: 3)
        await probe.withLane("producer finishes") {
            for await _ in finiteStream {}
            probe.mark("stream ended")  // a step of its own, so the timeline draws this lane
        }
        await finite.producer.value
        cases.append(
            Case(
                name: "finish() called by the producer after 3", termination: finite.termination,
                producedAtTermination: finite.producedAtTermination, producedAfterGrace: finite.produced))
        await owned.producer.value
        await held.producer.value
        await watched.producer.value

        var table = Table(
            headers: ["how they parted", "onTermination", "photos made by then", "\(grace.humanReadable) later"],
            rightAligned: [2, 3])
        for item in cases {
            table.append([
                // Without onTermination there is no "then": the cell says so, not a copied count.
                item.name, item.termination.map { "ran (.\($0))" } ?? "had not run",
                item.termination == nil ? "—" : "\(item.producedAtTermination)", "\(item.producedAfterGrace)",
            ])
        }
        console.table(table)
        for (key, item) in zip(["owned", "held", "cancelled", "finished"], cases) {
            context.record("\(key)_termination", "\(item.name): onTermination", text: item.termination ?? "had not run")
            context.recordInTable(
                Figure(
                    key: "\(key)_produced_at_termination",
                    label: item.termination == nil
                        ? "\(item.name): photos made by the time we looked (onTermination had not run)"
                        : "\(item.name): photos made when onTermination ran",
                    value: Double(item.producedAtTermination), unit: .count))
            context.record(
                "\(key)_produced_after_grace", "\(item.name): photos made \(grace.humanReadable) later",
                count: item.producedAfterGrace)
        }
        console.paragraph(narration(cases, lookedAfter: context.stated(seconds: grace.seconds)))
    }

    /// One sentence per case, from what was recorded. `lookedAfter`: how long after the parting
    /// the photos were counted, as stated.
    static func narration(_ cases: [Case], lookedAfter: String? = nil) -> String {
        cases.map { item -> String in
            guard let termination = item.termination else {
                // Counted when we looked, before the cancel that stopped it: said in that order.
                let when = lookedAfter.map { ", counted \($0) after the break" } ?? " by the time we looked"
                return
                    "With \(item.name), onTermination had not run: the producer went on to \(item.producedAfterGrace) photos for nobody\(when), and nothing stopped it until our cancel() after that."
            }
            let stopped =
                item.producedAfterGrace == item.producedAtTermination
                ? "the producer stopped at \(item.producedAfterGrace)"
                : "the producer still made \(item.producedAfterGrace - item.producedAtTermination) more"
            return "With \(item.name), onTermination ran with .\(termination) and \(stopped)."
        }.joined(separator: " ")
            + " So onTermination runs when the stream ends: finish(), the consuming task cancelled, "
            + "or its last reference (the loop's iterator) going away; a `break` alone ends nothing while anyone else holds the stream."
    }
}
