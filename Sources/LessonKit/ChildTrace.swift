import Foundation
import LabConsole
import LabTrace

/// A child demo's own trace, sent to the lesson that launched it so its page draws the child's
/// tasks too: the pool deadlock's waiters, each holding a thread until the watchdog ends the
/// process, were drawn as one bar of the parent's waiting for the child.
///
/// The parent names its probe's origin on the system clock in the child's environment; the
/// child traces with `probe` and, before it reports and exits, prints its spans moved to that
/// origin as one line of its output, which `ChildDemo.launch` takes out and adds to the parent's
/// probe.
public enum ChildTrace {
    static let originKey = "CONCURRENCY_LAB_CHILD_TRACE_ORIGIN"
    static let linePrefix = "child-trace "

    /// The parent probe's origin, where the parent asked for the child's trace.
    static let origin: Double? = ProcessInfo.processInfo.environment[originKey].flatMap(Double.init)

    /// The child's probe: recording only where the parent asked for the trace.
    public static let probe = Probe(enabled: origin != nil)

    /// Prints the trace for the parent: call it just before the child reports and exits. A step
    /// still running ends now, marked as never ended (`Span.Outcome.unfinished`).
    public static func send() {
        guard let origin, let data = try? JSONEncoder().encode(probe.spans(forOriginAt: origin))
        else { return }
        StandardOutput.line(linePrefix + data.base64EncodedString())
    }

    /// The spans a child sent in `output`, and its output without the line that carried them.
    static func received(in output: String) -> (spans: [Span], rest: String) {
        var spans: [Span] = []
        var rest: [Substring] = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(linePrefix), let data = Data(base64Encoded: String(line.dropFirst(linePrefix.count))),
                let sent = try? JSONDecoder().decode([Span].self, from: data)
            {
                spans += sent
            } else {
                rest.append(line)
            }
        }
        return (spans, rest.joined(separator: "\n"))
    }
}
