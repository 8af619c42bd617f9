import Foundation

/// What of the lab's own libraries an answer may use. Every exercise may import LabCore,
/// LabTrace, LabScenarios and LabStorage (`LabLibraries`), and most of what they hold computes:
/// clocks, simulated work, the sources' services, the SQLite binding. The lab's files, processes,
/// terminal and command line are modules of their own (LabFiles, LabProcesses, LabConsole,
/// LabCommandLine), which an answer cannot import and a check's build does not hold. What is
/// left that reads or changes the machine's settings, reads another value's private state, or
/// reads and resets what a check measures with is refused, as Foundation's `FileManager` is (`ForbiddenPattern`):
/// by name in the source, with the reason (the scan), and by symbol in the compiled answer
/// (`ModuleInspection`), so a value of such a type reached without its name (a property's
/// inferred type) is refused too when the answer calls it. An audit (session 41) started a shell
/// through `ProcessCapture` and wrote through `OutputFile` past the scan, when both were in
/// LabCore; only the sandbox stopped them. Not refused: the SQL an answer to 19 runs on the store it is given, which could
/// `ATTACH` another file; there the sandbox alone keeps it to its folder.
///
/// Every public type of those libraries is in `refused` or `allowed` (a test keeps the two
/// lists equal to the libraries' public types), so a type added to a library is a decision.
package enum LabLibraryAccess {
    package struct Refused: Sendable, Equatable {
        package let module: String
        let type: String
        /// A member of `type`, or nil for the whole type.
        let member: String?
        /// What it does, after its name: "reaches the grader's files…".
        let reason: String
        /// Refused by the scan too (by name); false: in the compiled module only, for a method
        /// whose name an answer's own types may well have (`reset`, `advance`): the scan cannot
        /// tell the receiver's type, and an answer's own stored property of that name was refused
        /// (an audit's). A call names its symbol, which the module's inspection reads.
        var byName = true

        /// `OutputFile`, `SQLiteConnection.removeFiles`.
        package var spelled: String { member.map { "\(type).\($0)" } ?? type }
        /// What the student reads.
        package var sentence: String { "\(spelled) \(reason)" }
    }

    package static let refused: [Refused] =
        types(
            "LabCore", ["EnvironmentInfo", "ThreadPriority", "UsableCPUs", "pinCallingThread"],
            "reads or changes the machine's settings and its scheduler's; an answer only computes")
        + types(
            "LabCore", ["BusyThreads"],
            "spins threads that take the CPUs a check measures with (and may pin them); an answer only computes")
        + types(
            "LabCore", ["SharedObjects"], "reads other values' private stored properties (as Mirror does)")
        + types(
            "LabCore", ["AllocationCounter", "ProcessUsage"],
            "reads what the whole process has used, which a check measures; an answer only computes")
        + types("LabTrace", ["Probe"], "records the trace a check reads; an answer only computes")
        + types(
            "LabScenarios", ["FrameLog", "FrameTicker", "PeakHold"],
            "is what a check measures the services or the main actor with; an answer calls the services, never their instruments"
        )
        + [
            // The instruments as the services hold them: a meter that an answer reset could say a
            // service was asked once after it was asked twice (18's check reads it). A meter of its
            // own an answer may make: a service's `simulated(…)` makes one by default, in the caller.
            // `.meter` by name only: reading a stored property of another module names no symbol,
            // so the compiled module sees the reset (below), not the reading.
            Refused(
                module: "LabScenarios", type: "SimulatedTransport", member: "meter",
                reason:
                    "counts the calls a check reads, and can reset them; an answer calls the services, never their meter"
            ),
            Refused(
                module: "LabScenarios", type: "CaffeineHealthStore", member: "meter",
                reason: "counts the calls a check reads, and can reset them; an answer calls the store, never its meter"
            ),
            // Reached without `.meter` (a key path, or a member of the answer's own of that name,
            // which silences the scan's `.meter`): the reset itself, in the compiled module.
            Refused(
                module: "LabScenarios", type: "CallMeter", member: "reset",
                reason: "resets the calls a check reads; an answer calls the services, never their meter",
                byName: false),
            // A check hands an answer a clock to sleep on (25), and moves it itself.
            Refused(
                module: "LabCore", type: "ManualClock", member: "advance",
                reason: "moves the clock a check gave you; an answer sleeps on its clock and never moves it",
                byName: false),
            Refused(
                module: "LabStorage", type: "SQLiteConnection", member: "removeFiles",
                reason: "deletes files by path; an answer only computes", byName: false),
            Refused(
                module: "LabStorage", type: "SQLiteConnection", member: "betweenTransactions",
                reason: "sets the check's own probes between transactions; an answer leaves them alone", byName: false),
            Refused(
                module: "LabStorage", type: "SQLiteConnection", member: "cancelBetweenTransactions",
                reason: "switches off the check's own probes between transactions; an answer leaves them alone",
                byName: false),
        ]

    /// The libraries' other public types: an answer may use them (a member refused above aside).
    /// Not LabCore's `Locked`, which every exercise refuses on its own (`ForbiddenPattern.standard`).
    static let allowed: [String: [String]] = [
        "LabCore": [
            "AllocationCounts", "BlackHole", "CPUCountWords", "CPUWork", "CompileMode", "ConcurrencyGauge",
            "DedicatedThreadExecutor", "ExecutorProbe", "FNV1a", "Isolation", "IsolationModeApp", "MainThread",
            "ManualClock", "ModeCall", "ModeObservation", "OnAThreadOfItsOwn", "Once", "SeededRandom", "SimulatedWork",
            "SystemClock",
            "ThreadBlocker", "TimeScale", "WorkKind", "currentThreadID",
        ],
        "LabTrace": ["ExecutionPlace", "Span", "TaskName"],
        "LabScenarios": [
            "CaffeineHealthStore", "CaffeineSample", "CallMeter", "CallStats", "FailureInjection", "HealthStoreError",
            "Joke", "JokeClient", "JokeService", "LatencyModel", "MarsPhoto", "MarsRoverClient",
            "MarsRoverService", "ObservedView", "PhotoManifest", "Product", "QueryAnchor", "Rover",
            "RoverCamera", "ServiceBehavior", "ServiceError", "ServiceRequest", "SharedDayFormatter",
            "SimulatedTransport", "SpacePhoto", "SpacePhotosClient", "SpacePhotosService", "Transport",
        ],
        "LabStorage": ["SQLiteConnection", "SQLiteError", "SQLiteStatement", "SQLiteValue"],
    ]

    private static func types(_ module: String, _ names: [String], _ reason: String) -> [Refused] {
        names.map { Refused(module: module, type: $0, member: nil, reason: reason) }
    }

    /// The scan's patterns: a refused type by its name anywhere, a refused member as `.member`
    /// on any base (the scan cannot tell a receiver's type; no answer has a member of these names).
    /// One pattern a member name, naming each type it is refused on (`.meter` is two types'), with
    /// the first one's reason.
    static var patterns: [ForbiddenPattern] {
        var members: Set<String> = []
        return refused.filter(\.byName).compactMap { entry in
            guard let member = entry.member else { return ForbiddenPattern(entry.type, entry.sentence) }
            guard members.insert(member).inserted else { return nil }
            let spellings = refused.filter { $0.byName && $0.member == member }.map(\.spelled)
            return ForbiddenPattern(
                ".\(member)", "\(spellings.joined(separator: " or ")) \(entry.reason)", shape: .member(member))
        }
    }

    /// The entries the exercise's given code names (a type, and a member after it): see `refusal`.
    package static func named(inGiven source: String) -> Set<String> {
        let tokens = SwiftTokenizer.tokens(of: source).map(\.text)
        let names = Set(tokens)
        let members = Set(zip(tokens, tokens.dropFirst()).filter { $0.0 == "." }.map(\.1))
        return Set(
            refused.filter { names.contains($0.type) && ($0.member.map(members.contains) ?? true) }.map(\.spelled))
    }
}
