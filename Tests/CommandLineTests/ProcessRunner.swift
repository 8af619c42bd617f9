import Foundation
import LabCore
import LabProcesses

/// Runs a built executable of this package and captures what it printed.
struct ProcessResult {
    let status: Int32
    let standardOutput: String
    let standardError: String
}

enum ProcessRunner {
    /// The folder with the package's built products (next to the test bundle).
    static func productsDirectory() throws -> URL {
        // The test bundle's own file (not argv[0]: on macOS that names the test runner's helper).
        if let products = ExecutableLocation.productsDirectory(from: ExecutableLocation.image()) { return products }
        throw CocoaError(
            .fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "cannot find the built `lab` next to the tests"])
    }

    /// Runs a built product and suspends while it runs: a test holds no thread of the cooperative
    /// pool meanwhile (a parallel `swift test` runs every test on that pool's few threads).
    /// (A test of a command that once hung gives a shorter `timeout`.)
    static func run(
        _ product: String, _ arguments: [String], environment extra: [String: String] = [:], timeout: Double = 300
    ) async throws -> ProcessResult {
        let result = try await ProcessCapture.run(
            try productsDirectory().appendingPathComponent(product), arguments,
            environment: environment(extra), timeout: timeout)
        return ProcessResult(
            status: result.status, standardOutput: result.standardOutput, standardError: result.standardError)
    }

    /// The tests' own environment, uncoloured, with the extra variables.
    private static func environment(_ extra: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        for (key, value) in extra { environment[key] = value }
        return environment
    }
}
