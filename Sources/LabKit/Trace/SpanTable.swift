extension Table {
    /// "Where each step ran": every span with its lane, where its work ran, threads and times.
    /// With `collapsing`, runs of alike steps (same name but for numbers, same task, same
    /// place) become one row, "yield hour N ×18", so a loop does not fill the screen.
    public static func spans(_ spans: [Span], origin: Double? = nil, collapsing: Bool = false) -> Table {
        let zero = origin ?? spans.map(\.start).min() ?? 0
        var table = Table(headers: ["step", "task", "ran on", "thread", "start", "took"],
                          rightAligned: [3, 4, 5])
        let groups = collapsing ? SpanRun.runs(spans) : spans.map { SpanRun(first: $0, count: 1, totalDuration: $0.duration, lastThread: $0.endThread) }
        for group in groups {
            let span = group.first
            let threads = span.startThread == group.lastThread
                ? "\(span.startThread)" : "\(span.startThread)→\(group.lastThread)"
            var place = span.ranOn.description
            if let work = span.workIsolation, work != span.isolation { place += " (awaited from \(span.isolation))" }
            let name = group.count > 1 ? "\(SpanRun.pattern(span.name)) ×\(group.count)" : span.name
            table.append([name, span.lane, place, threads,
                          (span.start - zero).formattedAsDuration, group.totalDuration.formattedAsDuration])
        }
        return table
    }

    /// How to read the steps table, printed under it.
    public static let spansLegend = """
        ran on: where the step's own code ran (an actor, the main actor, or nonisolated: the global \
        executor); "awaited from" names the caller that waited for it. thread: the OS thread it started \
        on; a→b means it suspended and resumed on another thread, which is normal for async code.
        """
}

/// Consecutive alike spans, shown as one row.
struct SpanRun {
    let first: Span
    var count: Int
    var totalDuration: Double
    var lastThread: UInt64

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

    static func runs(_ spans: [Span]) -> [SpanRun] {
        var runs: [SpanRun] = []
        for span in spans {
            if let last = runs.last, last.first.lane == span.lane, last.first.ranOn == span.ranOn,
               last.first.isolation == span.isolation, pattern(last.first.name) == pattern(span.name) {
                runs[runs.count - 1].count += 1
                runs[runs.count - 1].totalDuration += span.duration
                runs[runs.count - 1].lastThread = span.endThread
            } else {
                runs.append(SpanRun(first: span, count: 1, totalDuration: span.duration, lastThread: span.endThread))
            }
        }
        return runs
    }
}
