import Foundation

/// Runs a built executable of this package and captures what it printed.
struct ProcessResult {
    let status: Int32
    let standardOutput: String
    let standardError: String
}

enum ProcessRunner {
    /// The folder with the package's built products (next to the test bundle).
    static func productsDirectory() throws -> URL {
        var candidate = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<5 {
            if FileManager.default.isExecutableFile(atPath: candidate.appendingPathComponent("lab").path) { return candidate }
            candidate.deleteLastPathComponent()
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "cannot find the built `lab` next to the tests"])
    }

    static func run(_ product: String, _ arguments: [String], environment extra: [String: String] = [:]) throws -> ProcessResult {
        let process = Process()
        process.executableURL = try productsDirectory().appendingPathComponent(product)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice  // never a keyboard: nothing may wait for keys
        try process.run()
        // Read both pipes before waiting, so a chatty child never blocks on a full pipe.
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProcessResult(status: process.terminationStatus,
                             standardOutput: String(decoding: outData, as: UTF8.self),
                             standardError: String(decoding: errData, as: UTF8.self))
    }
}
