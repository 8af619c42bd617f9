import LabCore

/// Records spans from any task. Create one per run; read `spans` when it is done.
///
/// When disabled it costs one branch per span: the body runs directly and nothing
/// is allocated, so lessons can leave their probes in the code they benchmark.
public final class Probe: Sendable {
    public let isEnabled: Bool
    private let origin: ContinuousClock.Instant
    let state = Locked(State())

    struct State {
        var spans: [Span] = []
        /// Spans begun and not yet ended (a step still running, or one that never will: a
        /// deadlocked wait, in a process its watchdog ends).
        var open: Set<Int> = []
        var nextID = 0
        /// Task identity (`TaskIdentity.id`) → lane name, so two tasks with one label get two lanes.
        var laneForTask: [Int: String] = [:]
        var laneCountForLabel: [String: Int] = [:]
    }

    /// The lane name tasks inherit: set with `withLane(_:)`, remembering which task (its
    /// `TaskIdentity.id`) set it, so a named child task (SE-0469) can tell an inherited label
    /// from one its own code gave.
    struct LaneLabel: Sendable {
        let text: String
        let setByTask: Int?
    }
    @TaskLocal static var laneLabel: LaneLabel?
    /// The identity of the task that bound it; a child task inherits it and must not use it.
    @TaskLocal static var taskIdentity: TaskIdentity?
    @TaskLocal static var currentSpan: Int?
    /// The probe recording `currentSpan`, so code deep inside a step can say where it ran.
    @TaskLocal static var current: Probe?

    /// Called by the code that does a step's work (a service, an actor's method): records
    /// its isolation on the enclosing span, which may have been traced by an awaiting caller
    /// elsewhere. The first report wins; outside any traced step it does nothing.
    public static func noteWork(isolation: (any Actor)? = #isolation) {
        guard let probe = current, probe.isEnabled, let id = currentSpan else { return }
        let ranOn = Isolation(isolation)
        probe.state.withLock { state in
            if let index = state.spans.lastIndex(where: { $0.id == id }), state.spans[index].workIsolation == nil {
                state.spans[index].workIsolation = ranOn
            }
        }
    }

    public init(enabled: Bool = true) {
        self.isEnabled = enabled
        self.origin = .now
    }

    /// A probe that records nothing.
    public static let disabled = Probe(enabled: false)

    /// Seconds since the probe was created.
    public var now: Double { origin.duration(to: .now).seconds }

    /// Runs `body` with spans inside it drawn in the lane `label` (inherited by child
    /// tasks). Nested lanes compose: "async let › Curiosity".
    public func withLane<T>(
        _ label: String,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> T
    ) async rethrows -> T {
        guard isEnabled else { return try await body() }
        let (task, isNew) = Probe.currentIdentity()
        defer { if isNew { task.scopeEnded() } }
        let composed = Probe.inheritedLane(task: task).map { "\($0) › \(label)" } ?? label
        let here = LaneLabel(text: composed, setByTask: task.id)
        return try await Probe.$taskIdentity.withValue(
            task,
            operation: {
                try await Probe.$laneLabel.withValue(here, operation: body, isolation: isolation)
            }, isolation: isolation)
    }

    /// Runs `body` as one task in the trace: spans and marks inside it, one after another,
    /// draw in one lane. Spans bind the task's identity themselves, but only for their own
    /// scope; a task whose top level traces several steps (or marks) wraps its body in this.
    public func withTaskIdentity<T>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> T
    ) async rethrows -> T {
        guard isEnabled else { return try await body() }
        let (task, isNew) = Probe.currentIdentity()
        defer { if isNew { task.scopeEnded() } }
        return try await Probe.$taskIdentity.withValue(task, operation: body, isolation: isolation)
    }

    /// Traces `body` as a span in the caller's isolation.
    @discardableResult
    public func span<T>(
        _ name: String, kind: WorkKind = .step,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> T
    ) async rethrows -> T {
        guard isEnabled else { return try await body() }
        let (task, isNew) = Probe.currentIdentity()
        let id = begin(name, kind: kind, isolation: Isolation(isolation), task: task)
        defer {
            end(id)
            if isNew { task.scopeEnded() }
        }
        do {
            return try await Probe.$current.withValue(
                self,
                operation: {
                    try await Probe.$taskIdentity.withValue(
                        task,
                        operation: {
                            try await Probe.$currentSpan.withValue(id, operation: body, isolation: isolation)
                        }, isolation: isolation)
                }, isolation: isolation)
        } catch {
            record(id, outcome: error is CancellationError || Task.isCancelled ? .cancelled : .failed)
            throw error
        }
    }

    /// Traces synchronous `body` (blocking or CPU work) as a span.
    @discardableResult
    public func syncSpan<T>(
        _ name: String, kind: WorkKind = .step,
        isolation: (any Actor)? = #isolation,
        _ body: () throws -> T
    ) rethrows -> T {
        guard isEnabled else { return try body() }
        let (task, isNew) = Probe.currentIdentity()
        let id = begin(name, kind: kind, isolation: Isolation(isolation), task: task)
        defer {
            end(id)
            if isNew { task.scopeEnded() }
        }
        do {
            return try Probe.$current.withValue(self) {
                try Probe.$taskIdentity.withValue(task) { try Probe.$currentSpan.withValue(id, operation: body) }
            }
        } catch {
            record(id, outcome: error is CancellationError || Task.isCancelled ? .cancelled : .failed)
            throw error
        }
    }

    /// Records an instant (a zero-length span), e.g. "cancel() called".
    public func mark(_ name: String, isolation: (any Actor)? = #isolation) {
        guard isEnabled else { return }
        // begin() records end == start: an instant has no duration. Nothing is bound here, so
        // a task that only marks, outside any traced scope, draws each mark in its own lane.
        _ = begin(
            name, kind: .step, isolation: Isolation(isolation), task: Probe.currentIdentity().task, marker: true)
    }

    /// The running task's address key (nil outside any task): unique among live tasks only,
    /// because a finished task's address is reused. `TaskIdentity` builds on it.
    static var currentTaskKey: Int? { withUnsafeCurrentTask { $0?.hashValue } }

    /// The running task's identity: the one bound by an enclosing traced scope of this same
    /// task, else a fresh one (`isNew`) that the caller binds for its scope and ends after.
    static func currentIdentity() -> (task: TaskIdentity, isNew: Bool) {
        guard let key = currentTaskKey else { return (.outsideAnyTask, false) }
        if let bound = taskIdentity, bound.belongs(toTask: key) { return (bound, false) }
        return (.fresh(owner: key), true)
    }

    /// The lane label for code running now. A task given a name (`Task(name:)`,
    /// `group.addTask(name:)`) draws in a lane of that name, nested under the lane it was
    /// started from; a label its own code set with `withLane` wins over its name.
    static func inheritedLane(task: TaskIdentity) -> String? {
        let label = laneLabel
        guard let name = TaskName.current else { return label?.text }
        if let label, label.setByTask == task.id { return label.text }
        return label.map { "\($0.text) › \(name)" } ?? name
    }

    /// Every span recorded so far, ordered by start time.
    public var spans: [Span] {
        state.withLock { $0.spans }.sorted { $0.start == $1.start ? $0.id < $1.id : $0.start < $1.start }
    }

    /// `marker`: a `mark()`, not a step; recorded so that a step quicker than the clock can
    /// tell apart is never taken for one.
    private func begin(
        _ name: String, kind: WorkKind, isolation: Isolation, task: TaskIdentity, marker: Bool = false
    ) -> Int {
        let start = now
        let thread = currentThreadID()
        // Code outside any task (a completion handler on a dispatch queue) gets its own lane.
        let label = task === TaskIdentity.outsideAnyTask ? Span.outsideAnyTaskLane : Probe.inheritedLane(task: task)
        let parent = Probe.currentSpan
        let priority = task === TaskIdentity.outsideAnyTask ? nil : Task.currentPriority.rawValue
        return state.withLock { state in
            let lane = state.lane(forTask: task.id, label: label, inheritsParent: parent != nil)
            let id = state.nextID
            state.nextID += 1
            if !marker { state.open.insert(id) }
            state.spans.append(
                Span(
                    id: id, parent: parent, name: name, lane: lane, kind: kind,
                    isolation: isolation, start: start, end: start,
                    startThread: thread, endThread: thread, task: task.id, priority: priority, marker: marker))
            return id
        }
    }

    private func record(_ id: Int, outcome: Span.Outcome) {
        state.withLock { state in
            if let index = state.spans.lastIndex(where: { $0.id == id }) { state.spans[index].outcome = outcome }
        }
    }

    /// Marks the enclosing step as cancelled or failed when its code catches the error
    /// itself (a `try?` inside the step): the timeline then shows where it happened.
    public static func noteOutcome(_ outcome: Span.Outcome) {
        guard let probe = current, probe.isEnabled, let id = currentSpan else { return }
        probe.record(id, outcome: outcome)
    }

    private func end(_ id: Int) {
        let end = now
        let thread = currentThreadID()
        state.withLock { state in
            state.open.remove(id)
            if let index = state.spans.lastIndex(where: { $0.id == id }) {
                state.spans[index].end = end
                state.spans[index].endThread = thread
            }
        }
    }
}

extension Probe.State {
    /// `inheritsParent`: the span has an enclosing span, so a task seen for the first time
    /// here is a child of the task that traced it, not a top-level task.
    mutating func lane(forTask task: Int, label: String?, inheritsParent: Bool = false) -> String {
        if let known = laneForTask[task] {
            // A task keeps its lane unless it was given a new label.
            if label == nil || known == label || known.hasPrefix((label ?? "") + " #") { return known }
        }
        let base = label ?? (inheritsParent && laneForTask[task] == nil ? "unnamed child task" : "top-level task")
        let count = (laneCountForLabel[base] ?? 0) + 1
        laneCountForLabel[base] = count
        let lane = count > 1 ? "\(base) #\(count)" : base
        laneForTask[task] = lane
        return lane
    }
}
