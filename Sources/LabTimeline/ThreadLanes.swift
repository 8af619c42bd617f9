import LabCore
import LabTrace

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension TimelineLayout {
    /// The thread view: one lane per OS thread the run's steps touched. Only blocking and CPU
    /// steps are bars here, because only they are known to hold their thread from start to
    /// end; any other step may have suspended and given its thread back, so it shows as a tick
    /// where it began and one where it ended, which may be on another thread.
    /// `end`: where the axis ends, and `plotWidth` its length at most, so that it lines up with
    /// the task view's.
    public static func threads(
        _ spans: [Span], mainThread: UInt64? = processMainThreadID(), end: Double? = nil, plotWidth: Double? = nil
    ) -> TimelineLayout {
        var threads: [UInt64] = []
        for span in spans.sorted(by: { $0.start == $1.start ? $0.id < $1.id : $0.start < $1.start }) {
            for thread in [span.startThread, span.endThread] where !threads.contains(thread) { threads.append(thread) }
        }
        let holdsThread: (Span) -> Bool = {
            ($0.kind == .blocking || $0.kind == .cpu) && $0.startThread == $0.endThread
        }
        let inputs = threads.map { thread in
            let title = "thread \(thread)" + (thread == mainThread ? " (main)" : "")
            // A step that moved shows in both lanes: its start in one, its end in the other.
            // Its outcome (⊘, ✗) shows where it ended.
            let began = spans.filter { $0.startThread == thread }.map {
                $0.endThread == thread ? $0 : $0.withoutOutcome
            }
            let ended = spans.filter { $0.endThread == thread && $0.startThread != thread }
            return LaneInput(
                title: title, shownTitle: title, depth: 0, spans: began, endsElsewhere: ended,
                endsHere: { $0.endThread == thread }, isBar: holdsThread)
        }
        return TimelineLayout(
            lanes: inputs, origin: min(0, spans.map(\.start).min() ?? 0),
            end: max(spans.map(\.end).max() ?? 0, end ?? 0), plotWidth: plotWidth)
    }

    /// The OS id of the process's main thread: on Linux the process id; on Darwin the id of the
    /// thread this is called from when that is the main thread (callers pass it on).
    public static func processMainThreadID() -> UInt64? {
        #if os(Linux)
            return UInt64(getpid())
        #else
            return pthread_main_np() != 0 ? currentThreadID() : nil
        #endif
    }
}

extension Span {
    fileprivate var withoutOutcome: Span {
        var copy = self
        copy.outcome = nil
        return copy
    }
}
