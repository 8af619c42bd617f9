import Foundation
import LabCore
import LessonKit

/// The rover app's `MarsData.fetchPhotoManifests()`.
enum ManifestsVariant {
    static let variant = LessonVariant(
        "manifests", title: "MarsData.fetchPhotoManifests(): throwing group and reduce(into:)"
    ) { context in
        let console = context.console
        console.paragraph(
            """
            The Rovers tab lists each rover with its photo count. fetchPhotoManifests() uses \
            `withThrowingTaskGroup`, calls `Task.checkCancellation()` before adding children (the \
            download is big; do not start it for a screen that is gone), and collects with \
            `group.reduce(into: [])`.
            """)
        let (marsData, meter) = context.marsData()
        let (manifests, total) = try await Stopwatch.time { try await marsData.fetchPhotoManifests() }
        var table = Table(headers: ["rover", "status", "photos", "last sol"], rightAligned: [2, 3])
        for manifest in manifests {
            table.append([manifest.name, manifest.status, "\(manifest.totalPhotos)", "\(manifest.maxSol)"])
        }
        console.table(table)
        context.record("total_seconds", "fetchPhotoManifests() took", seconds: total)
        context.record("manifests", "manifests", count: manifests.count)
        context.record("max_in_flight", "most calls in flight", count: meter.stats.maxInFlight)
        console.paragraph(
            """
            \(manifests.count) manifests in \(total.formattedAsDuration), with \
            \(meter.stats.maxInFlight) calls in flight at the peak (the rover list, then the four \
            manifests together).
            """)
    }
}
