import Foundation
import Testing

@testable import LabExercises
@testable import LabSourceScan

/// No API newer than the declared macOS is reachable: the package, and the package the
/// grader generates for every check's shared part, declare at least the newest macOS any API
/// the lab (or an exercise's solution) uses needs. Availability read from Apple's
/// documentation of each symbol (developer.apple.com/documentation/swift and
/// /synchronization, /observation): the list is in the closing note of issue 12.
@Suite("Platform requirements match the APIs used")
struct PlatformRequirementTests {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// An identifier the lab uses, and the first macOS that has it (back-deployed ones count from where they run).
    static let minimumMacOS: [String: Int] = [
        "Mutex": 15, "Atomic": 15,  // Synchronization
        "withDiscardingTaskGroup": 14, "withThrowingDiscardingTaskGroup": 14,
        "Observable": 14, "withObservationTracking": 14,  // Observation
        "ContinuousClock": 13, "SuspendingClock": 13, "Duration": 13,
        "makeStream": 10, "withTaskCancellationHandler": 10, "withCheckedContinuation": 10,
        "withCheckedThrowingContinuation": 10, "TaskLocal": 10,
    ]

    func swiftFiles(under folder: String) -> [URL] {
        let base = root.appendingPathComponent(folder)
        let files =
            FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        // A known mistake is a diff of its solution: its lines are code an answer may hold too.
        return files.filter { $0.pathExtension == "swift" || $0.pathExtension == "diff" }
    }

    func requiredMacOS(in folders: [String]) throws -> (version: Int, because: String) {
        var best = (version: 10, because: "nothing newer")
        for file in folders.flatMap(swiftFiles(under:)) {
            let tokens = SwiftTokenizer.tokens(of: try String(contentsOf: file, encoding: .utf8))
            for token in tokens where token.kind == .identifier {
                if let version = Self.minimumMacOS[token.text], version > best.version {
                    best = (version, "\(token.text) in \(file.lastPathComponent)")
                }
            }
        }
        return best
    }

    static func declaredMacOS(in manifest: String) -> Int? {
        guard let range = manifest.range(of: #"\.macOS\(\.v(\d+)\)"#, options: .regularExpression) else { return nil }
        return Int(manifest[range].filter(\.isNumber))
    }

    @Test func thePackageDeclaresWhatItsSourcesUse() throws {
        let needed = try requiredMacOS(in: ["Sources", "Benchmarks"])
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declared = try unwrap(Self.declaredMacOS(in: manifest))
        expectEqual(needed.version, 15, "expected to find Synchronization in use: \(needed.because)")
        expectAtLeast(
            declared, needed.version,
            "Package.swift declares macOS \(declared) but \(needed.because) needs \(needed.version)")
    }

    @Test func theExercisePackageDeclaresWhatAnswersMayUse() throws {
        let needed = try requiredMacOS(in: ["Exercises"])
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("lab-platform-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        // The package every check's shared part is built in (`lab check`, `--verify`, `lab grade`).
        let package = try BatchToolchain.writePackage(root: root, folder: scratch)
        let manifest = try String(contentsOf: package.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declared = try unwrap(Self.declaredMacOS(in: manifest))
        expectAtLeast(
            declared, needed.version,
            "the generated exercise package declares macOS \(declared) but \(needed.because) needs \(needed.version)")
    }
}
