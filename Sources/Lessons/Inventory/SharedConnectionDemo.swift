import Foundation
import LabCore
import LabScenarios
import LabStorage

/// One SQLite connection used by several threads at once with nothing to keep them apart —
/// what the store actor exists to prevent — and the same adds through the actor.
enum SharedConnectionDemo {
    static let threads = 4
    static let addsEach = 250

    struct Result: Codable, Equatable {
        var attempted = 0
        var succeeded = 0
        /// SQLite's message for each failure, counted.
        var errors: [String: Int] = [:]
        /// Milk's quantity at the end: it should equal `succeeded`.
        var milk = 0

        var failed: Int { attempted - succeeded }
        var lost: Int { max(0, succeeded - milk) }
        var encoded: String { String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self) }
    }

    /// HAZARD, on purpose: `@unchecked Sendable` hides a connection from the compiler's
    /// data-race check so that several threads can use it at once — what Swift 6 refuses
    /// for the plain `InventoryDatabase`. Runs only in a child process. Do not copy this.
    final class UnguardedDatabase: @unchecked Sendable {
        let database: InventoryDatabase
        init(_ database: InventoryDatabase) { self.database = database }
    }

    /// `threads` threads each add Milk 1 `addsEach` times through one shared connection.
    static func runUnisolated(threads: Int, addsEach: Int) -> Result {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lab-shared-\(UUID().uuidString).sqlite"
        ).path
        defer { SQLiteConnection.removeFiles(at: path) }
        guard let database = try? InventoryDatabase(path: path) else { return Result() }
        let shared = UnguardedDatabase(database)
        let result = Locked(Result())
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<addsEach {
                do {
                    try shared.database.add(name: "Milk", quantity: 1)
                    result.withLock {
                        $0.attempted += 1
                        $0.succeeded += 1
                    }
                } catch {
                    result.withLock {
                        $0.attempted += 1
                        $0.errors["\(error)".replacingOccurrences(of: path + ": ", with: ""), default: 0] += 1
                    }
                }
            }
        }
        var final = result.withLock { $0 }
        final.milk = (try? database.search("Milk").first?.quantity) ?? 0
        return final
    }

    /// The same adds from `threads` tasks through the store actor.
    static func runThroughActor(threads: Int, addsEach: Int) async throws -> Result {
        let store = try await InventoryStore.inMemory()
        let results = await withTaskGroup(of: Result.self) { group in
            for _ in 0..<threads {
                group.addTask {
                    var result = Result()
                    for _ in 0..<addsEach {
                        result.attempted += 1
                        do {
                            try await store.add(name: "Milk", quantity: 1)
                            result.succeeded += 1
                        } catch { result.errors["\(error)", default: 0] += 1 }
                    }
                    return result
                }
            }
            return await group.reduce(into: [Result]()) { $0.append($1) }
        }
        var total = Result()
        for result in results {
            total.attempted += result.attempted
            total.succeeded += result.succeeded
            total.errors.merge(result.errors, uniquingKeysWith: +)
        }
        total.milk = try await store.search("Milk").first?.quantity ?? 0
        return total
    }
}
