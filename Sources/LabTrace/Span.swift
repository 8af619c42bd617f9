import LabCore

/// One traced step: what ran, in which task, where, and when.
///
/// Times are seconds since the probe started, so a trace reads from zero.
public struct Span: Sendable, Codable, Identifiable, Equatable {
    public let id: Int
    /// The enclosing span, also across child tasks (carried by a task local).
    public let parent: Int?
    public let name: String
    /// The lane the timeline draws it in: one per task.
    public let lane: String
    public let kind: WorkKind
    /// Where the code that traced the span ran: the awaiting caller, for a span around an `await`.
    public let isolation: Isolation
    /// Where the step's own work ran, when the work said so (`Probe.noteWork()`): a
    /// service's nonisolated code on the global executor, an actor's method on the actor.
    public var workIsolation: Isolation? = nil
    /// How the step ended when it did not simply return: it threw, or it was cancelled.
    public var outcome: Outcome? = nil
    public enum Outcome: String, Sendable, Codable {
        case failed, cancelled
        /// Still running when its process was ended (a deadlocked wait, which its child
        /// process's watchdog stopped): the span ends where the trace did.
        case unfinished
        /// The timeline's mark at the step's end.
        public var glyph: Character {
            switch self {
            case .failed: "✗"
            case .cancelled: "⊘"
            case .unfinished: "■"
            }
        }
        /// How the step ended, in words for a table's "ended" column.
        public var words: String {
            switch self {
            case .failed: "failed ✗"
            case .cancelled: "cancelled ⊘"
            case .unfinished: "never ended ■"
            }
        }
    }
    public let start: Double
    public var end: Double
    /// OS thread ids where the span started and ended. They differ when the task
    /// suspended in between and resumed on another thread.
    public let startThread: UInt64
    public var endThread: UInt64
    /// The task that traced it: an id the probe gives each task, unique for the whole run
    /// (a task's address is not: the allocator reuses it). Nil in traces made before it existed.
    public var task: Int? = nil
    /// The task's priority when the span began (`Task.currentPriority.rawValue`); nil outside a
    /// task and in traces made before it existed.
    public var priority: UInt8? = nil
    /// How the probe recorded it: true for an instant marker (`Probe.mark`), false for a step it
    /// timed, however short. Nil in traces made before it existed and in spans built by hand.
    public var marker: Bool? = nil

    public var duration: Double { end - start }

    /// A marker rather than a step. Said by how it was recorded, never guessed from its length:
    /// an actor method that stores one value can take under a microsecond on a fast run, and a
    /// length threshold once dropped such a step from the steps table while the narration,
    /// counting the same spans by name, still had it. Without the record, only a span with no
    /// length at all is a marker, as `Probe.mark` makes one.
    public var isInstant: Bool { marker ?? (end == start) }

    /// Where the work ran, if known; else where the span was traced.
    public var ranOn: Isolation { workIsolation ?? isolation }

    /// The lane the probe gives code outside any task.
    public static let outsideAnyTaskLane = "outside any task"

    /// True for code that ran on a thread outside any task (a completion handler on a dispatch
    /// queue, a watchdog's thread): no executor ran it. The probe numbers tasks from 1 and gives
    /// such code 0; a trace made before tasks had numbers says so by its lane's name alone.
    public var ranOutsideAnyTask: Bool {
        task == 0 || (task == nil && lane == Span.outsideAnyTaskLane)
    }

    /// True when the two spans were running at the same time.
    public func overlaps(_ other: Span) -> Bool {
        start < other.end && other.start < end
    }
}

extension Sequence where Element == Span {
    /// The most spans running at once: the trace's peak concurrency.
    public var maximumOverlap: Int {
        var events: [(time: Double, delta: Int)] = []
        for span in self {
            events.append((span.start, 1))
            events.append((span.end, -1))
        }
        // At equal times, ends come first: touching spans do not overlap.
        events.sort { $0.time == $1.time ? $0.delta < $1.delta : $0.time < $1.time }
        var current = 0
        var peak = 0
        for (_, delta) in events {
            current += delta
            peak = Swift.max(peak, current)
        }
        return peak
    }

    public func named(_ name: String) -> [Span] { filter { $0.name == name } }
}
