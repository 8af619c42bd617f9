import Foundation
import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// The rover app's `MarsData.fetchLatestPhotos()`.
enum LatestPhotosVariant {
    static let variant = LessonVariant("latest-photos", title: "MarsData.fetchLatestPhotos(): a child per rover") {
        context in
        let console = context.console
        console.paragraph(
            """
            fetchLatestPhotos() first asks the API for the list of rovers (what if NASA lands a new \
            one?), then adds one child per rover to a `withTaskGroup(of: Photo?.self)`. A child \
            returns nil when its call fails; here Spirit's call is made to fail.
            """)
        let (marsData, meter) = context.marsData(
            failures: FailureInjection(rate: 1, error: .unavailable, onlyMatching: "Spirit"))
        let (photos, total) = await Stopwatch.time { await marsData.fetchLatestPhotos() }
        let spans = context.probe.spans
        let list = try spans.single(named: "allRovers()")
        let children = spans.filter { $0.name.hasPrefix("latestPhotos(") }
        var table = Table(headers: ["rover", "newest photo", "camera", "earth date"])
        for photo in photos { table.append([photo.rover.name, "#\(photo.id)", photo.camera.name, photo.earthDate]) }
        console.table(table)
        context.record("total_seconds", "fetchLatestPhotos() took", seconds: total)
        context.record("rover_list_seconds", "of which the rover list", seconds: list.duration)
        context.record("slowest_child_seconds", "slowest child", seconds: children.map(\.duration).max() ?? 0)
        context.record("children", "children added", count: children.count)
        context.record("photos", "photos returned", count: photos.count)
        context.record("max_in_flight", "most calls in flight", count: meter.stats.maxInFlight)
        context.record("children_at_once", "most children running at once", count: children.maximumOverlap)
        context.record("failed_calls", "failed calls (nil results)", count: meter.stats.failed)
        let slowest = children.map(\.duration).max() ?? 0
        let sum = list.duration + slowest
        let accounted =
            total <= 1.25 * sum ? "about the list plus the slowest child" : "more than the list plus the slowest child"
        console.paragraph(
            """
            The rover list came first (\(list.duration.formattedAsDuration)); then \(children.count) \
            children \(together(children.maximumOverlap, of: children.count)) (the slowest \(slowest.formattedAsDuration)). Total \
            \(total.formattedAsDuration), \(accounted). Spirit's failure became nil and \
            was skipped: \(photos.count) photos. Rows are in completion order.
            """)
    }

    /// How the children ran, said from the run's figure (tested for each): all at once is the
    /// usual run, but a stalled machine may start a child only after another has ended.
    static func together(_ overlap: Int, of children: Int) -> String {
        if overlap >= children { return "ran together (\(overlap) at once)" }
        if overlap > 1 { return "overlapped (at most \(overlap) at once)" }
        return "did not overlap on this run: the machine started each only after another had ended"
    }
}
