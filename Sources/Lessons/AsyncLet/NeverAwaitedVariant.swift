import Foundation
import LabConsole
import LabCore
import LabTrace
import LessonKit

/// An `async let` that nobody awaits: cancelled, then awaited, at the end of its scope.
enum NeverAwaitedVariant {
    static let variant = LessonVariant(
        "never-awaited", title: "A binding never awaited: cancelled and awaited at scope exit"
    ) { context in
        let console = context.console
        console.paragraph(
            """
            prefetch() binds `async let _ = download()` for a \(context.describe(sourceSeconds: 5)) \
            download and returns without reading it. Swift does not let the child outlive its scope: \
            on the way out it cancels the child, then waits for it. How long that wait is depends on \
            whether the child listens to cancellation.
            """)
        let probe = context.probe
        let work = context.work
        let cooperative = await Stopwatch.time {
            await probe.withLane("cooperative") { await prefetch(probe: probe, work: work, cooperative: true) }
        }.1
        let stubborn = await Stopwatch.time {
            await probe.withLane("ignores cancel") { await prefetch(probe: probe, work: work, cooperative: false) }
        }.1
        let spans = probe.spans
        let sawCancel = spans.contains { $0.name == "download saw cancellation" }
        context.record(
            "cooperative_scope_exit_seconds", "prefetch() returned after (cooperative child)", seconds: cooperative)
        context.record(
            "stubborn_scope_exit_seconds", "prefetch() returned after (child ignores cancellation)", seconds: stubborn)
        context.record("child_saw_cancellation", "the cooperative child saw cancellation", flag: sawCancel)
        // The stubborn child's own time, measured: the sentence says the scope waited for it, not
        // that it took the announced length (a loaded machine stretches CPU work, an idle one not).
        let stubbornChild = spans.first { $0.name == "download" && $0.lane.hasPrefix("ignores cancel") }?.duration ?? 0
        context.record(
            "stubborn_child_seconds", "the child that ignores cancellation computed for", seconds: stubbornChild)
        console.paragraph(
            """
            With a child that sleeps with Task.sleep (which throws when cancelled), prefetch() returned \
            after \(cooperative.formattedAsDuration). With a child that computes without checking, \
            prefetch() returned after \(stubborn.formattedAsDuration): it waited for the whole download \
            (the child computed for \(stubbornChild.formattedAsDuration)), for a value nobody read. An unread async let is not free: its scope waits for it.
            """)
    }

    /// Starts a download it never reads. The compiler requires `_` for an unused binding.
    static func prefetch(probe: Probe, work: SimulatedWork, cooperative: Bool) async {
        async let _ = download(probe: probe, work: work, cooperative: cooperative)
        probe.mark("prefetch() returns")
    }

    static func download(probe: Probe, work: SimulatedWork, cooperative: Bool) async {
        await probe.withLane("download") {
            if cooperative {
                do {
                    try await probe.span("download", kind: .suspending) { try await work.suspend(sourceSeconds: 5) }
                } catch {
                    probe.mark("download saw cancellation")
                }
            } else {
                probe.syncSpan("download", kind: .cpu) {
                    CPUWork.burn(for: work.scale.duration(sourceSeconds: 5))
                }
            }
        }
    }
}
