import Foundation
import LabConsole
import LabCore
import LabScenarios
import LessonKit

/// The child processes the inventory lesson starts: more `inventory` programs on one store,
/// a process killed in the middle of a transaction, and a connection shared without an actor.
enum InventoryChildDemos {
    static let storeKey = "CONCURRENCY_LAB_INVENTORY_STORE"
    static let nameKey = "CONCURRENCY_LAB_INVENTORY_NAME"
    static let reportKey = "CONCURRENCY_LAB_INVENTORY_REPORT"
    static let countKey = "CONCURRENCY_LAB_INVENTORY_COUNT"
    /// Rows per transaction in the crash demo: large enough that most kills land inside one.
    static let rowsPerTransaction = 4_000

    static let all = [
        // Exactly what `inventory add NAME 1 --store PATH` runs.
        ChildDemo("inventory-add") {
            let environment = ProcessInfo.processInfo.environment
            guard let store = environment[storeKey], let name = environment[nameKey] else { exit(2) }
            exit(await InventoryTool.run(["add", name, "1", "--store", store]))
        },
        // COUNT adds of new products named after NAME, a transaction each (the benchmark's processes).
        // Each add waits for the other processes' write lock, in SQLite: blocking work, so the
        // children run it on a thread of their own, as the lab's other blocking work runs.
        ChildDemo("inventory-add-many") {
            let environment = ProcessInfo.processInfo.environment
            guard let store = environment[storeKey], let name = environment[nameKey],
                let count = environment[countKey].flatMap({ Int($0) })
            else { exit(2) }
            let status = await OnAThreadOfItsOwn.blockingWork(named: "inventory adds") { () -> Int32 in
                guard let database = try? InventoryDatabase(path: store) else { return 2 }
                for number in 0..<count {
                    guard (try? database.add(name: "\(name) item \(number)", quantity: 1)) != nil else { return 1 }
                }
                return 0
            }
            if status != 0 { exit(status) }
        },
        ChildDemo("inventory-big-transactions") {
            let environment = ProcessInfo.processInfo.environment
            guard let store = environment[storeKey], let report = environment[reportKey] else { exit(2) }
            await OnAThreadOfItsOwn.blockingWork(named: "inventory big transactions") {
                runBigTransactions(store: store, report: report)
            }
        },
        ChildDemo("inventory-shared-connection") {
            let result = await OnAThreadOfItsOwn.blockingWork(named: "shared connection") {
                SharedConnectionDemo.runUnisolated(
                    threads: SharedConnectionDemo.threads, addsEach: SharedConnectionDemo.addsEach)
            }
            StandardOutput.line(result.encoded)
        },
    ]

    /// Commits transactions of `rowsPerTransaction` new products, one after another, until
    /// killed; writes "begin N" before each and "commit N" after its COMMIT returned.
    static func runBigTransactions(store: String, report: String) {
        guard let database = try? InventoryDatabase(path: store),
            let log = FileHandle(forWritingAtPath: report)
        else { exit(1) }
        for batch in 1... {
            log.write(Data("begin \(batch)\n".utf8))
            let products = (0..<rowsPerTransaction).map { Product(name: "Batch \(batch) item \($0)", quantity: batch) }
            guard (try? database.add(products)) != nil else { exit(1) }
            log.write(Data("commit \(batch)\n".utf8))
        }
    }
}
