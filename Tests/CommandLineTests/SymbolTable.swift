import Foundation
import Testing

@testable import LabCore
@testable import LabProcesses

/// Which of some global functions a built product defines, read from its symbol table with `nm`:
/// how the linking tests see what a program carries (the allocation, hop and retain counters).
enum SymbolTable {
    static let nm = ["/usr/bin/nm", "/usr/bin/llvm-nm"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The names among `wanted` that `product` defines in its code section as globals.
    static func defined(_ wanted: Set<String>, in product: String) async throws -> Set<String> {
        let binary = try ProcessRunner.productsDirectory().appendingPathComponent(product)
        let result = try await ProcessCapture.run(
            URL(fileURLWithPath: try unwrap(nm)), ["--defined-only", "--extern-only", binary.path], timeout: 60)
        expectEqual(result.status, 0, "nm \(product): \(result.standardError)")
        // A line "ADDRESS T NAME" each. Looked for whole, not by splitting every line of a debug
        // binary's table: that cost the allocation counter's test 2.9 s of CPU in a run of the suite.
        let table = result.standardOutput.hasSuffix("\n") ? result.standardOutput : result.standardOutput + "\n"
        return wanted.filter { table.contains(" T \($0)\n") }
    }
}
