import Foundation
import LabCore

/// The whole of `lab bench`, for your own suites: one call from your executable's `main`.
///
///     @main struct Benchmarks {
///         static func main() async {
///             await BenchmarkProgram.main([ThumbnailSuite.suite()])
///         }
///     }
///
/// Your program then takes `lab bench`'s command line (`--quick`, `--format md,json,csv,html`,
/// `--save-baseline NAME`, `--compare NAME`, `--scan SUITE`, `--list`, `--help` …) and
/// exits with its status: 0 done, 1 a significant regression, 2 bad usage, 3 only
/// improvements, 4 the measurement failed. See docs/BENCHMARK-YOUR-CODE.md.
public enum BenchmarkProgram {
    /// Runs the command line over `suites` and exits with its status.
    public static func main(_ suites: [BenchmarkSuite], arguments: [String] = Array(CommandLine.arguments.dropFirst()))
        async -> Never
    {
        exit(await run(suites, arguments: arguments))
    }

    /// The same, returning the status instead of exiting (for tests and bigger programs).
    public static func run(
        _ suites: [BenchmarkSuite], arguments: [String], program: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) async -> Int32 {
        let name = program ?? URL(fileURLWithPath: CommandLine.arguments.first ?? "bench").lastPathComponent
        return await BenchCommand(suites: suites, environment: environment, program: name, workerPrefix: []).run(
            arguments)
    }
}
