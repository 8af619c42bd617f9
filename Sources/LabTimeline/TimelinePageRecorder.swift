import Foundation
import LabCore
import LabFiles
import LabTrace

/// The lessons' page for your own code: wrap async code, trace its steps with the probe it is
/// given, and get the same self-contained HTML page a lesson writes (`--html`).
///
///     try await TimelinePageRecorder.record("Thumbnails", to: "thumbnails.html") { probe in
///         await withTaskGroup(of: Void.self) { group in
///             for image in images {
///                 group.addTask { probe.syncSpan("thumbnail", kind: .cpu) { _ = image.thumbnail() } }
///             }
///         }
///     }
///
/// Each `probe.span`/`syncSpan` is a bar; each task that traces a step is a lane, nested
/// under the task that started it (name tasks with `Task(name:)` or `probe.withLane`).
public enum TimelinePageRecorder {
    /// Runs `body` once, traced, and writes its page to `path` (atomically: a page that
    /// cannot be written leaves nothing behind). Returns what `body` returned.
    @discardableResult
    public static func record<T>(
        _ title: String, summary: String = "", to path: String,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (Probe) async throws -> T
    ) async throws -> T {
        let probe = Probe()
        var failure: String?
        let result: Result<T, any Error>
        do {
            // One root for the run: the tasks your code starts nest under it, as in a lesson.
            result = .success(
                try await probe.withLane("your code") { try await probe.span(title) { try await body(probe) } })
        } catch {
            failure = "\(error)"
            result = .failure(error)
        }
        let spans = probe.spans
        let page = HTMLTimelinePage(
            title: title, introduction: summary.isEmpty ? [] : [summary],
            details: ["\(spans.count) steps traced · \(CPUCountWords.usable())"],
            sections: [HTMLTimelinePage.Section(title: title, anchor: "run", spans: spans, failure: failure)])
        try OutputFile.write(Data(page.render().utf8), to: path)
        return try result.get()
    }
}
