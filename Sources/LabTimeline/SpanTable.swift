import LabConsole
import LabCore
import LabTrace

extension Table {
    /// "Where each step ran": every span with its lane, where its work ran, threads and times.
    /// With `collapsing`, alike steps (same name but for numbers, same task, same place)
    /// become one row, "yield hour N ×9", so a loop does not fill the screen.
    public static func spans(_ spans: [Span], origin: Double? = nil, collapsing: Bool = false) -> Table {
        let zero = origin ?? spans.map(\.start).min() ?? 0
        var table = Table(
            headers: ["step", "task", "ran on", "thread", "start", "took"],
            rightAligned: [3, 4, 5])
        // Collapsed, an instant marker ("parent.cancel()", 0 s) is left to the timeline and
        // --steps: the prose says what it marks, and the table keeps the steps that took time.
        let groups = collapsing ? SpanRun.runs(spans.filter { !$0.isInstant }) : spans.map { SpanRun($0) }
        for group in groups {
            let span = group.first
            let threads = group.threadsWords
            var place = span.ranOn.description
            if let work = span.workIsolation, work != span.isolation { place += " (awaited from \(span.isolation))" }
            var name = group.count > 1 ? "\(SpanRun.pattern(span.name)) ×\(group.count)" : span.name
            // Merged steps share their outcome (it is part of what makes them alike).
            if let outcome = span.outcome {
                name += " \(outcome.glyph) \(outcome == .unfinished ? "never ended" : outcome.rawValue)"
            }
            let lane = group.lanesDiffer ? SpanRun.pattern(span.lane) : span.lane
            // A merged row keeps each step's own times: the range of their starts and of their
            // durations, never the stretch from the first start to the last end.
            let starts = group.members.map { $0.start - zero }
            let tooks = group.members.map(\.duration)
            table.append([
                name, lane, place, threads,
                Self.range(starts.min() ?? 0, starts.max() ?? 0), Self.range(tooks.min() ?? 0, tooks.max() ?? 0),
            ])
        }
        return table
    }

    /// "137 ms–301 ms", or one figure when both ends read the same.
    static func range(_ low: Double, _ high: Double) -> String {
        let from = low.formattedAsDuration
        let to = high.formattedAsDuration
        return from == to ? from : "\(from)–\(to)"
    }

    /// How to read the steps table, printed under it.
    public static let spansLegend = """
        ran on: where the step's own code ran (an actor, the main actor, or nonisolated: the global \
        executor); "awaited from" names the caller that waited for it. thread: the OS thread it started \
        on; a→b means it suspended and resumed on another thread, which is normal for async code. A \
        merged row (×N) gives the range of its steps' own starts and durations, and every thread its \
        steps started or resumed on (past \(SpanRun.threadsListed), how many).
        """
}

/// Alike spans, shown as one row.
struct SpanRun {
    let first: Span
    /// Every merged step, in order.
    var members: [Span]
    var count: Int { members.count }
    var lastEnd: Double
    /// The merged steps ran in several tasks alike but for their numbers ("blocking 1", "blocking 2"…).
    var lanesDiffer = false

    init(_ span: Span) {
        first = span
        members = [span]
        lastEnd = span.end
    }

    /// A merged row names at most this many threads; past it, it counts them.
    static let threadsListed = 3

    /// The thread column: one step's "a" or "a→b"; for merged steps, every thread any of them
    /// started or ended on, in order of first use ("4477, 4478"), or "5 threads" past three.
    /// (The first step's threads alone once stood for the row: four waits on two threads read as one.)
    var threadsWords: String {
        if count == 1 {
            return first.startThread == first.endThread
                ? "\(first.startThread)" : "\(first.startThread)→\(first.endThread)"
        }
        var seen: [UInt64] = []
        for thread in members.flatMap({ [$0.startThread, $0.endThread] }) where !seen.contains(thread) {
            seen.append(thread)
        }
        return seen.count > Self.threadsListed
            ? "\(seen.count) threads" : seen.map { "\($0)" }.joined(separator: ", ")
    }

    /// "yield hour 12" → "yield hour N": numbers do not make two steps different.
    static func pattern(_ name: String) -> String {
        var result = ""
        var inNumber = false
        for character in name {
            if character.isNumber {
                if !inNumber { result.append("N") }
                inNumber = true
            } else {
                result.append(character)
                inNumber = false
            }
        }
        return result
    }

    /// Alike steps (same name and task but for numbers, same place) become one row, in
    /// order of their first appearance, even when other steps ran between them: a
    /// producer's "yield hour N" and a consumer's "redraw hour N" alternate, and read
    /// best as two rows. The timeline (--trace) and --steps keep the interleaving.
    static func runs(_ spans: [Span]) -> [SpanRun] {
        var runs: [SpanRun] = []
        var indexByKey: [String: Int] = [:]
        for span in spans {
            let key =
                "\(pattern(span.name))|\(pattern(span.lane))|\(span.ranOn)|\(span.isolation)|\(span.outcome?.rawValue ?? "")"
            if let index = indexByKey[key] {
                runs[index].members.append(span)
                runs[index].lastEnd = max(runs[index].lastEnd, span.end)
                if span.lane != runs[index].first.lane { runs[index].lanesDiffer = true }
            } else {
                indexByKey[key] = runs.count
                runs.append(SpanRun(span))
            }
        }
        return runs
    }
}
