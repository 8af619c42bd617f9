import LabCore

/// Spans traced in another process (a lesson's child demo, which deadlocks or crashes on
/// purpose), drawn on this probe's timeline beside its own steps. The child reads its times
/// against the same system clock, moves them to the parent's origin, and sends them; the
/// parent renumbers them (span and task numbers are given per process) and files their lanes
/// under the step that ran the child.
extension Probe {
    /// When this probe's time 0 was, on the clock every process shares.
    public var originOnSystemClock: Double { SystemClock.seconds() - now }

    /// Every span so far, its times moved to a probe whose time 0 was at `origin` on the system
    /// clock. A span still running (a wait that never returned, in a process about to be ended)
    /// ends now, `unfinished`.
    public func spans(forOriginAt origin: Double) -> [Span] {
        let shift = originOnSystemClock - origin
        let end = now
        return state.withLock { state in
            state.spans.map { span in
                let open = state.open.contains(span.id)
                var moved = span.renamed(
                    id: span.id, parent: span.parent, name: span.name, lane: span.lane, task: span.task, shift: shift)
                // Still where it began: a blocked wait holds its thread to the end (the thread that
                // sends the trace, the watchdog's, is not where the wait ended).
                if open {
                    moved.end = end + shift
                    moved.endThread = span.startThread
                    moved.outcome = .unfinished
                }
                return moved
            }
        }
    }

    /// Adds spans sent by another process, already on this probe's clock: each given a number
    /// of this probe's, its task a number of this process's, and its lane under `lanePrefix`
    /// ("semaphore process › waiter 3"), which the task tree draws as the process's own node.
    public func include(_ foreign: [Span], lanePrefix: String) {
        guard isEnabled, !foreign.isEmpty else { return }
        var tasks: [Int: Int] = [0: 0]
        for task in Set(foreign.compactMap(\.task)) where task != 0 {
            tasks[task] = TaskIdentity.fresh(owner: nil).id
        }
        state.withLock { state in
            let first = state.nextID
            let numbers = Dictionary(
                foreign.enumerated().map { ($1.id, first + $0) }, uniquingKeysWith: { kept, _ in kept })
            state.nextID += foreign.count
            // Numbered by position, so even a repeated number from the sender stays unique here.
            for (index, span) in foreign.enumerated() {
                state.spans.append(
                    span.renamed(
                        id: first + index, parent: span.parent.flatMap { numbers[$0] },
                        name: span.name, lane: "\(lanePrefix) › \(span.lane)", task: span.task.flatMap { tasks[$0] },
                        shift: 0))
            }
        }
    }
}

extension Span {
    /// This span with new numbers, name and lane, and its times moved by `shift` seconds.
    func renamed(id: Int, parent: Int?, name: String, lane: String, task: Int?, shift: Double) -> Span {
        var span = Span(
            id: id, parent: parent, name: name, lane: lane, kind: kind, isolation: isolation, start: start + shift,
            end: end + shift, startThread: startThread, endThread: endThread, task: task, priority: priority,
            marker: marker)
        span.workIsolation = workIsolation
        span.outcome = outcome
        return span
    }
}
