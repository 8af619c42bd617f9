import Foundation
import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// Cancelling through a task's handle, and a group's children with `cancelAll()`.
enum TaskHandleVariant {
    static let variant = LessonVariant(
        "task-handle", title: "cancel(), isCancelled, checkCancellation() and cancelAll()"
    ) { context in
        let console = context.console
        console.paragraph(
            """
            A download task pages through a day of Curiosity's photos (a page takes \
            \(context.describe(sourceSeconds: 2))). We keep its handle and call cancel() after \
            \(context.describe(sourceSeconds: 5)), in the middle of page 3. Between pages the loop calls \
            Task.checkCancellation(), which throws CancellationError once the flag is set.
            """)
        let rover = try requireRover("Curiosity")
        let meter = CallMeter()
        let api = MarsRoverClient.simulated(context.behavior(latency: .fixed(2)), meter: meter)
        let probe = context.probe
        let download = Task {
            try await probe.withLane("download task") {
                var pages = 0
                for page in 1...10 {
                    try Task.checkCancellation()
                    _ = try await probe.span("page \(page)", kind: .suspending) {
                        try await api.photos(rover: rover, earthDate: rover.maxDate, page: page)
                    }
                    pages += 1
                }
                return pages
            }
        }
        try await Task.sleep(for: context.scale.duration(sourceSeconds: 5))
        probe.mark("download.cancel()")
        download.cancel()
        let outcome: String
        switch await download.result {
        case .success(let pages): outcome = "finished \(pages) pages"
        case .failure(let error): outcome = error is CancellationError ? "CancellationError" : "\(error)"
        }
        console.output("download.isCancelled = \(download.isCancelled); the task ended with: \(outcome)")
        context.record("download_outcome", "the download ended with", text: outcome)
        context.record("pages_before_cancel", "pages loaded", count: meter.stats.completed)
        context.record("download_cancelled_calls", "requests stopped mid-flight", count: meter.stats.cancelled)

        console.paragraph(
            """
            Next, a group downloads the four rovers' manifests and we only need the first to arrive: \
            after it, group.cancelAll() cancels every child still running.
            """)
        let groupMeter = CallMeter()
        let groupData = MarsData(
            api: MarsRoverClient.simulated(context.behavior(latency: .jitter(base: 2, spread: 0.8)), meter: groupMeter),
            probe: probe)
        let first = try await firstManifest(groupData, rovers: MarsRoverClient.fixtureRovers())
        console.output("first manifest: \(first), then cancelAll()")
        context.record("group_first", "first manifest to arrive", text: first)
        context.record(
            "group_cancelled_calls", "group children cancelled by cancelAll()", count: groupMeter.stats.cancelled)
        console.paragraph(
            narrateDownload(
                outcome: outcome, pagesLoaded: meter.stats.completed, stoppedMidFlight: meter.stats.cancelled)
                + " " + narrateGroup(cancelled: groupMeter.stats.cancelled))
    }

    /// What cancel() did to the download, from what the run recorded: cancel() is due mid-page, a
    /// second of source time from either end, but a busy machine can wake the code that calls it
    /// late, between two pages or after the last one.
    static func narrateDownload(outcome: String, pagesLoaded: Int, stoppedMidFlight: Int) -> String {
        let pages = "\(pagesLoaded) page\(pagesLoaded == 1 ? "" : "s")"
        guard outcome == "CancellationError" else {
            return """
                This time the download ended (\(outcome)) before cancel() ran: a busy machine woke the code \
                that cancels late, and cancel() on a task that has finished changes nothing. Run the \
                variant again to see it stop mid-page.
                """
        }
        let landed = CancelMoment.sentence(pagesDone: pagesLoaded, midPage: stoppedMidFlight > 0)
        if stoppedMidFlight > 0 {
            return """
                The download had loaded \(pages); the request in flight at cancel() stopped at once \
                (Task.sleep inside the service threw), and checkCancellation() kept the loop from \
                starting another.
                """ + landed
        }
        return """
            The download had loaded \(pages); this time cancel() came \
            \(pagesLoaded == 0 ? "before the first page" : "between two pages"), with no request in flight, and \
            checkCancellation() at the top of the next page threw before it started.
            """ + landed
    }

    /// What cancelAll() did, from the count of children it stopped: on a busy machine the code
    /// that calls it can run late, when the other manifests have arrived too.
    static func narrateGroup(cancelled: Int) -> String {
        if cancelled == 0 {
            return """
                This time cancelAll() found nothing left to stop: the other manifests had \
                arrived too before it ran (a busy machine runs the code after group.next() late). Run \
                the variant again to see it stop them.
                """
        }
        return "cancelAll() stopped \(cancelled) manifest download\(cancelled == 1 ? "" : "s") nobody needed."
    }

    /// The first manifest to arrive; the other children are cancelled.
    nonisolated static func firstManifest(_ marsData: MarsData, rovers: [Rover]) async throws -> String {
        try await withThrowingTaskGroup(of: String.self) { group in
            for rover in rovers {
                group.addTask {
                    try await marsData.probe.withLane(rover.name) {
                        try await marsData.probe.span("photoManifest(\(rover.name))", kind: .suspending) {
                            try await marsData.api.photoManifest(rover: rover).name
                        }
                    }
                }
            }
            let first = try await group.next() ?? "none"
            group.cancelAll()
            return first
        }
    }
}
