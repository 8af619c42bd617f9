import Foundation
import LabCore

/// Code a lesson must run in a separate process because it crashes or leaks on
/// purpose (e.g. resuming a continuation twice). The lesson launches its own
/// executable with `CONCURRENCY_LAB_CHILD_DEMO=name`; the runner sees the variable
/// before anything else, runs that demo, and exits.
public struct ChildDemo: Sendable {
    public static let environmentKey = "CONCURRENCY_LAB_CHILD_DEMO"

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
    /// rather than holding a thread while it runs.
    public static func launch(
        _ name: String, environment extra: [String: String] = [:],
        timeout: Duration = .seconds(20)
    ) async throws -> Outcome {
        let environment = childEnvironment(name, extra)
        let result = try await ProcessCapture.run(
            try ExecutableLocation.relaunchHost(), [], environment: environment, timeout: timeout.seconds)
        return Outcome(
            exitStatus: result.status, crashed: result.crashed,
            standardOutput: result.standardOutput, standardError: result.standardError)
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
        for (key, value) in extra { environment[key] = value }
        return environment
    }

    /// If this process was launched to run a demo, runs it and exits. Call first thing.
    public static func runIfRequested(among demos: [ChildDemo]) async {
        guard let name = ProcessInfo.processInfo.environment[environmentKey] else { return }
        guard let demo = demos.first(where: { $0.name == name }) else {
            StandardError.write("no child demo named '\(name)'")
            exit(2)
        }
        await demo.body()
        exit(0)
    }
}

extension Lesson {
    public var childDemos: [ChildDemo] { [] }
}
