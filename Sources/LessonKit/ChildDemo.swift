import Foundation
import LabConsole
import LabCore
import LabProcesses
import LabTrace

/// Code a lesson must run in a separate process because it crashes or leaks on
/// purpose (e.g. resuming a continuation twice). The lesson launches its own
/// executable with `CONCURRENCY_LAB_CHILD_DEMO=name`; the runner sees the variable
/// before anything else, runs that demo, and exits.
public struct ChildDemo: Sendable {
    public static let environmentKey = "CONCURRENCY_LAB_CHILD_DEMO"
    /// The process that started the demo: the child ends when that process is gone.
    public static let parentKey = "CONCURRENCY_LAB_CHILD_DEMO_PARENT"

    public let name: String
    public let body: @Sendable () async -> Void

    public init(_ name: String, _ body: @escaping @Sendable () async -> Void) {
        self.name = name
        self.body = body
    }

    /// What the child process did.
    public struct Outcome: Sendable {
        public let exitStatus: Int32
        public let crashed: Bool
        public let standardOutput: String
        public let standardError: String

        public var summary: String {
            crashed
                ? "stopped by signal \(exitStatus)\(exitStatus == 4 ? " (SIGILL: a Swift runtime trap)" : exitStatus == 5 ? " (SIGTRAP: a Swift runtime trap)" : "")"
                : "exited with status \(exitStatus)"
        }
    }

    /// Runs the named demo in a child process and awaits it (at most `timeout`), suspending
    /// rather than holding a thread while it runs. With `tracingInto`, the spans the demo traced
    /// (`ChildTrace`) are added to that probe, in lanes under `lanePrefix`.
    public static func launch(
        _ name: String, environment extra: [String: String] = [:],
        timeout: Duration = .seconds(20), tracingInto probe: Probe? = nil, lanePrefix: String = "child process"
    ) async throws -> Outcome {
        var environment = childEnvironment(name, extra)
        if let probe, probe.isEnabled { environment[ChildTrace.originKey] = String(probe.originOnSystemClock) }
        let result = try await ProcessCapture.run(
            try ExecutableLocation.relaunchHost(), [], environment: environment, timeout: timeout.seconds)
        let (spans, output) = ChildTrace.received(in: result.standardOutput)
        probe?.include(spans, lanePrefix: lanePrefix)
        return Outcome(
            exitStatus: result.status, crashed: result.crashed, standardOutput: output,
            standardError: result.standardError)
    }

    /// Starts the named demo in a child process and returns at once (to kill it, say).
    public static func start(_ name: String, environment extra: [String: String] = [:]) throws -> RunningChild {
        let environment = childEnvironment(name, extra)
        return try RunningChild(try ExecutableLocation.relaunchHost(), environment: environment)
    }

    /// This process's environment, naming the demo. The runtime's backtracer is off unless the
    /// caller asks for it: a demo that crashes on purpose is explained by the runtime's own
    /// "Fatal error" line, which prints first; the backtracer added about 0.9 s per crash, and in
    /// sanitized test runs some were left sleeping with no parent (docs/MEASUREMENTS.md).
    static func childEnvironment(_ name: String, _ extra: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment[environmentKey] = name
        environment[parentKey] = String(getpid())
        for (key, value) in extra { environment[key] = value }
        return environment
    }

    /// If this process was launched to run a demo, runs it and exits. Call first thing.
    public static func runIfRequested(among demos: [ChildDemo]) async {
        let environment = ProcessInfo.processInfo.environment
        guard let name = environment[environmentKey] else { return }
        guard let demo = demos.first(where: { $0.name == name }) else {
            StandardError.write("no child demo named '\(name)'")
            exit(2)
        }
        if let parent = environment[parentKey].flatMap({ pid_t($0) }) { endWhenOrphaned(parent: parent) }
        await demo.body()
        exit(0)
    }

    /// Ends this process as soon as `parent` is no longer its parent. Some demos run until their
    /// parent kills them (the inventory's large transactions, one after another): a parent that
    /// died first (a test run stopped by a timeout, `kill -9`) left one committing for 90 minutes,
    /// a 20 GB database and most of a CPU (docs/MEASUREMENTS.md). The parent's id comes from the
    /// parent itself, so a parent that died before this line ran is seen too.
    static func endWhenOrphaned(parent: pid_t) {
        // A thread of its own that sleeps between looks: not a thread of the pool, which a
        // demo may be keeping busy (or blocked, on purpose).
        let watcher = Thread {
            while getppid() == parent { usleep(100_000) }
            // The demo may be inside a transaction or holding locks: end without running atexit
            // handlers or flushing anything, as the kill that was meant for it would.
            _exit(3)
        }
        watcher.name = "orphan watch"
        watcher.start()
    }
}

extension Lesson {
    public var childDemos: [ChildDemo] { [] }
}
