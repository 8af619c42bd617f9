import Foundation
import LabCore
import LabFiles

/// How long each exercise's checks ran in the last batch that ran them, kept beside the shared
/// build so that the next batch starts its longest checks first. A batch's checks mostly wait
/// (their services' latencies, their deadlines) and their number at once is capped, so the
/// checks started last set its end: in a full `--verify` built in catalogue order, the last
/// exercises' answers included checks of 10–12 s that began only as the builds ended
/// (docs/MEASUREMENTS.md, session 33). Ordered longest first, what is left when the builds end
/// is short.
///
/// Only an order comes from here, never a verdict: a record that is missing, stale, unreadable
/// or spoilt (where a check could write the lab folder) leaves the batch in its own order.
/// Written by the grader after its runs, whole and renamed into place (`AtomicFile`): of two
/// batches that end at once, the later one's record wins, which costs only an order.
struct CheckDurations: Sendable {
    let file: URL

    static func kept(in workFolder: URL) -> CheckDurations {
        CheckDurations(file: workFolder.appendingPathComponent("check-durations.json"))
    }

    /// Seconds by exercise id; empty where there is no record to read.
    func read() -> [String: Double] {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return [:] }
        defer { try? handle.close() }
        // A record of a few dozen exercises is a few kilobytes; anything larger is not one.
        guard let data = try? handle.read(upToCount: 1 << 16), data.count < 1 << 16,
            let seconds = try? JSONDecoder().decode([String: Double].self, from: data)
        else { return [:] }
        return seconds.filter { $0.value.isFinite && $0.value >= 0 }
    }

    /// The batch's measured runs: for each exercise, its longest; kept over the older record.
    func record(_ runs: [(exercise: String, seconds: Double)]) {
        guard !runs.isEmpty else { return }
        var seconds = read()
        let longest = Dictionary(runs.map { ($0.exercise, $0.seconds) }, uniquingKeysWith: max)
        seconds.merge(longest) { _, measured in measured }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let data = try? encoder.encode(seconds) else { return }
        try? FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? AtomicFile.write(data, to: file)
    }

    /// `items` longest first by their exercise's recorded seconds; those with none, and ties,
    /// keep their order after the known ones of the same length (a stable sort).
    static func longestFirst<Item>(
        _ items: [Item], exercise: (Item) -> String, seconds: [String: Double]
    ) -> [Item] {
        items.enumerated().sorted { left, right in
            let (a, b) = (seconds[exercise(left.element)] ?? 0, seconds[exercise(right.element)] ?? 0)
            return a != b ? a > b : left.offset < right.offset
        }.map(\.element)
    }
}
