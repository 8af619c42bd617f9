extension Table {
    /// "Where each step ran": every span with its lane, isolation, threads and times.
    public static func spans(_ spans: [Span], origin: Double? = nil) -> Table {
        let zero = origin ?? spans.map(\.start).min() ?? 0
        var table = Table(headers: ["step", "task", "ran on", "thread", "start", "took"],
                          rightAligned: [3, 4, 5])
        for span in spans {
            let threads = span.startThread == span.endThread
                ? "\(span.startThread)" : "\(span.startThread)→\(span.endThread)"
            table.append([span.name, span.lane, span.isolation.description, threads,
                          (span.start - zero).formattedAsDuration, span.duration.formattedAsDuration])
        }
        return table
    }
}
