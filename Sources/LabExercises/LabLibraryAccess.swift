/// What of the lab's own libraries an answer may use. Every exercise may import LabCore,
/// LabTrace, LabScenarios and LabStorage (`LabLibraries`), and most of what they hold computes:
/// clocks, simulated work, the sources' services, the SQLite binding. What reaches the grader's
/// files, processes or terminal, reads another value's private state, or reads and resets what
/// a check measures with is refused, as Foundation's `FileManager` is (`ForbiddenPattern`):
/// by name in the source, with the reason (the scan), and by symbol in the compiled answer
/// (`ModuleInspection`), so a value of such a type reached without its name (a property's
/// inferred type) is refused too. An audit (session 41) started a shell through
/// `ProcessCapture` and wrote through `OutputFile` past the scan; only the sandbox stopped them.
///
/// Every public type of those libraries is in `refused` or `allowed` (a test keeps the two
/// lists equal to the libraries' public types), so a type added to a library is a decision.
enum LabLibraryAccess {
    struct Refused: Sendable, Equatable {
        let module: String
        let type: String
        /// A member of `type`, or nil for the whole type.
        let member: String?
        /// What it does, after its name: "reaches the grader's files…".
        let reason: String
        /// Refused by the scan too (by name); false: in the compiled module only, for a member
        /// whose name an answer's own types may well have (`reset`).
        var byName = true

        /// `OutputFile`, `SQLiteConnection.removeFiles`.
        var spelled: String { member.map { "\(type).\($0)" } ?? type }
        /// What the student reads.
        var sentence: String { "\(spelled) \(reason)" }
    }

    static let refused: [Refused] =
        types(
            "LabCore",
            [
                "AtomicFile", "BackupFile", "BuildTemporaryFolder", "ExecutableLocation", "FileLock", "LabFolder",
                "OutputFile", "OutputFolder", "ProcessCapture", "RunningChild",
            ], "reaches the grader's files or processes; an answer only computes")
        + types(
            "LabCore",
            ["Console", "ProgressBar", "RawKeyboard", "StandardError", "StandardOutput", "Terminal", "TextSink"],
            "writes to or reads from the grader's terminal and streams; an answer only computes (print what you need)")
        + types(
            "LabCore", ["EnvironmentInfo", "ThreadPriority", "UsableCPUs"],
            "reads or changes the machine's settings and its scheduler's; an answer only computes")
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
            Refused(
                module: "LabScenarios", type: "SimulatedTransport", member: "meter",
                reason:
                    "counts the calls a check reads, and can reset them; an answer calls the services, never their meter"
            ),
            Refused(
                module: "LabScenarios", type: "CaffeineHealthStore", member: "meter",
                reason: "counts the calls a check reads, and can reset them; an answer calls the store, never its meter"
            ),
            // Reached without `.meter` (a key path's component names no symbol): the reset itself.
            Refused(
                module: "LabScenarios", type: "CallMeter", member: "reset",
                reason: "resets the calls a check reads; an answer calls the services, never their meter",
                byName: false),
            Refused(
                module: "LabScenarios", type: "SimulatedTransport", member: "hold",
                reason:
                    "holds and counts the calls in flight a check reads; an answer calls the services, never their instruments"
            ),
            // A check hands an answer a clock to sleep on (25), and moves it itself.
            Refused(
                module: "LabCore", type: "ManualClock", member: "advance",
                reason: "moves the clock a check gave you; an answer sleeps on its clock and never moves it"),
            Refused(
                module: "LabStorage", type: "SQLiteConnection", member: "removeFiles",
                reason: "deletes files by path; an answer only computes"),
            Refused(
                module: "LabStorage", type: "SQLiteConnection", member: "library",
                reason: "finds and loads the system's SQLite library by path; an answer opens the store it is given"),
            Refused(
                module: "LabStorage", type: "SQLiteConnection", member: "betweenTransactions",
                reason: "sets the check's own probes between transactions; an answer leaves them alone"),
            Refused(
                module: "LabStorage", type: "SQLiteConnection", member: "cancelBetweenTransactions",
                reason: "switches off the check's own probes between transactions; an answer leaves them alone"),
        ]

    /// The libraries' other public types: an answer may use them (a member refused above aside).
    /// Not LabCore's `Locked`, which every exercise refuses on its own (`ForbiddenPattern.standard`).
    static let allowed: [String: [String]] = [
        "LabCore": [
            "AllocationCounts", "BlackHole", "CPUCountWords", "CPUWork", "CommandSpec", "CompileMode",
            "ConcurrencyGauge", "DedicatedThreadExecutor", "ExecutorProbe", "FNV1a", "FileErrorWords", "HTMLText",
            "InertText", "Isolation", "IsolationModeApp", "MainThread", "ManualClock", "ModeCall",
            "ModeObservation", "OnAThreadOfItsOwn", "Once", "OptionSpec", "ParsedArguments", "SeededRandom",
            "SimulatedWork", "Style", "Suggestion", "Table", "ThreadBlocker", "TimeScale", "UsageError", "WorkKind",
            "currentThreadID",
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

    /// The refused entry a compiled answer's reference (a mangled Swift name) is to, if any: a
    /// type's name is spelled in full at its first mention, module first (`$s7LabCore10OutputFileO…`),
    /// and a member follows its type and one letter for the type's kind (`…16SQLiteConnectionC11removeFiles…`).
    /// `given`'s entries (`spelled`) are not refused: the exercise's given code, compiled into the
    /// answer's module, uses them itself (02's given model holds a `PeakHold`); the scan still
    /// refuses the answer's own use by name.
    static func refusal(ofReference name: String, given: Set<String> = []) -> Refused? {
        // Most of an answer's references are the standard library's and Foundation's: one look
        // for the libraries' names first (every answer's every symbol, in `--verify`).
        guard name.hasPrefix("$s"), modulesMangled.contains(where: { name.contains($0) }) else { return nil }
        return mangled.first { entry in
            guard !given.contains(entry.refused.spelled), let found = name.range(of: entry.type) else { return false }
            guard let member = entry.member else { return true }
            return name[found.upperBound...].dropFirst().hasPrefix(member)
        }?.refused
    }

    /// Each entry's type as a mangled name spells it (module first, each with its length), and
    /// its member's name likewise.
    private static let mangled: [(refused: Refused, type: String, member: String?)] = refused.map { entry in
        let type = "\(entry.module.utf8.count)\(entry.module)\(entry.type.utf8.count)\(entry.type)"
        return (entry, type, entry.member.map { "\($0.utf8.count)\($0)" })
    }
    private static let modulesMangled = Set(refused.map { "\($0.module.utf8.count)\($0.module)" })

    /// The entries the exercise's given code names (a type, and a member after it): see `refusal`.
    static func named(inGiven source: String) -> Set<String> {
        let tokens = Set(SwiftTokenizer.tokens(of: source).map(\.text))
        return Set(
            refused.filter { tokens.contains($0.type) && ($0.member.map(tokens.contains) ?? true) }.map(\.spelled))
    }
}
