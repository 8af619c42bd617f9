import Foundation
import LabConsole
import LabCore
import LabScenarios
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
        console.paragraph(summary(manifests: manifests.count, total: total, peak: meter.stats.maxInFlight))
    }

    /// The run's figures in a sentence (tested for each): the rover list is one call, then the
    /// manifests are requested together, so the peak is all of them at once unless a busy machine
    /// started one only after another had been answered; then the sentence does not say "together".
    static func summary(manifests: Int, total: Double, peak: Int) -> String {
        let calls = CountWords.of(peak, "call")
        let shape =
            peak >= manifests
            ? "the rover list, then the \(manifests) manifests together"
            : "the rover list, then the manifests, never all \(manifests) at once: one was answered before "
                + "another had started, which the machine started late"
        return
            "\(CountWords.of(manifests, "manifest")) in \(total.formattedAsDuration), with \(calls) in flight at the "
            + "peak (\(shape))."
    }
}
