import Foundation
import LabBench
import LabCore
import LabScenarios
import LabStorage
import Lessons

/// The inventory's SQLite store: what a transaction costs, adds from many tasks and from
/// many processes, and reads while another connection writes (write-ahead logging).
enum InventorySuite {
    static let adds = 1_000

    /// A database per variant, made on first use (not when `lab bench` lists its suites),
    /// and a counter so every run adds products no earlier run added.
    actor Database {
        /// The store's opening, started by the first run and awaited by every run (an actor's
        /// state can change across an await: a second run arriving mid-open waits for the same one).
        private var store: Task<InventoryStore?, Never>?
        private var runs = 0
        nonisolated let path: String

        static let prefix = "lab-bench-inventory-"

        init(_ name: String) {
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("\(Self.prefix)\(ProcessInfo.processInfo.processIdentifier)")
            path = folder.appendingPathComponent("\(name.filter { $0.isLetter || $0.isNumber }).sqlite").path
        }

        /// The path, once its folder exists (and earlier runs' folders are gone).
        nonisolated func preparedPath() -> String {
            Self.sweepEarlierRuns()
            try? FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            return path
        }

        /// The databases of earlier `lab bench` runs whose process has ended: no hook runs when
        /// a run ends, so each run sweeps its predecessors' instead.
        static func sweepEarlierRuns() {
            let temporary = FileManager.default.temporaryDirectory
            for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
            where name.hasPrefix(prefix) {
                guard let pid = Int32(name.dropFirst(prefix.count)), pid != ProcessInfo.processInfo.processIdentifier,
                    kill(pid, 0) != 0, errno == ESRCH
                else { continue }
                try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
            }
        }

        /// The store, and the first product number this run may use.
        func next(_ count: Int) async -> (InventoryStore, Int)? {
            let opening = store ?? Task { [path = preparedPath()] in try? await InventoryStore(path: path) }
            store = opening
            guard let opened = await opening.value else { return nil }
            defer { runs += 1 }
            return (opened, runs * count)
        }
    }

    static func transactions() -> BenchmarkSuite {
        BenchmarkSuite(
            name: "inventory transactions", kind: .pattern,
            summary:
                "\(adds) adds of new products to an SQLite file (WAL, synchronous FULL) through the store actor, from one task",
            reference: InventoryWorkload.oneTransaction.rawValue,
            variants: InventoryWorkload.allCases.map { workload in
                let database = Database(workload.rawValue)
                return BenchmarkVariant(workload.rawValue) { iterations in
                    for _ in 0..<iterations {
                        guard let (store, first) = await database.next(adds) else { return }
                        try? await workload.run(store, count: adds, first: first)
                    }
                }
            })
    }

    static let taskAdds = 400
    static func fromTasks() -> BenchmarkSuite {
        func variant(_ name: String, tasks: Int, connections: Int) -> BenchmarkVariant {
            let databases = (0..<connections).map { _ in Database(name) }
            return BenchmarkVariant(name) { iterations in
                for _ in 0..<iterations {
                    var stores: [(InventoryStore, Int)] = []
                    for database in databases { if let next = await database.next(taskAdds) { stores.append(next) } }
                    guard stores.count == connections else { return }
                    await withTaskGroup(of: Void.self) { group in
                        for task in 0..<tasks {
                            let (store, first) = stores[task % connections]
                            let share = taskAdds / tasks
                            group.addTask {
                                try? await InventoryWorkload.oneTransactionEach.run(
                                    store, count: share, first: first + task * share)
                            }
                        }
                    }
                }
            }
        }
        return BenchmarkSuite(
            name: "inventory adds from tasks", kind: .pattern,
            summary:
                "\(taskAdds) adds, a transaction each, to one SQLite file: from 1 task, from 8 tasks through one store actor, and from 8 tasks with a store (connection) each",
            reference: "1 task",
            variants: [
                variant("1 task", tasks: 1, connections: 1),
                variant("8 tasks, one actor", tasks: 8, connections: 1),
                variant("8 tasks, 8 connections", tasks: 8, connections: 8),
            ])
    }

    static let processAdds = 200
    static func fromProcesses() -> BenchmarkSuite {
        func variant(_ processes: Int) -> BenchmarkVariant {
            // Processes that did not exit 0 (or could not start) in the last run: a run that
            // lost some is reported in the suite's extras, not silently timed.
            let failed = Locked(0)
            return BenchmarkVariant(
                processes == 1 ? "1 process" : "\(processes) processes",
                figures: { [.count("failed processes", failed.withLock { $0 })] }
            ) { iterations in
                let database = Database("processes-\(processes)-\(UUID().uuidString)")
                var failures = 0
                for _ in 0..<iterations {
                    let statuses =
                        (try? await InventoryProcesses.add(
                            processAdds, split: processes, store: database.preparedPath())) ?? []
                    failures += processes - statuses.filter { $0 == 0 }.count
                }
                failed.withLock { $0 = failures }
                SQLiteConnection.removeFiles(at: database.path)
            }
        }
        return BenchmarkSuite(
            name: "inventory adds from processes", kind: .pattern,
            summary:
                "\(processAdds) adds, a transaction each, to one SQLite file from N processes started together (start-up included); SQLite's lock and busy timeout serialise them",
            reference: "1 process",
            variants: [variant(1), variant(4), variant(8)])
    }

    /// A reader and a writer on one database of 500 products, made once (on first use), so a
    /// sample times searches, not opening connections.
    /// Two stores on one file of 500 products: made on first use, as `Database` makes its store.
    actor ReaderAndWriter {
        private var stores: Task<(reader: InventoryStore, writer: InventoryStore)?, Never>?
        private let database: Database

        init(_ name: String) { database = Database(name) }

        func get() async -> (reader: InventoryStore, writer: InventoryStore)? {
            let opening =
                stores
                ?? Task { [path = database.preparedPath()] in
                    // The seed writes and commits: blocking work, on a thread of its own.
                    await OnAThreadOfItsOwn.blockingWork(named: "seed the inventory") {
                        if let seed = try? InventoryDatabase(path: path), (try? seed.count()) == 0 {
                            _ = try? seed.add((0..<500).map { Product(name: "Item \($0)", quantity: 1) })
                        }
                    }
                    guard let reader = try? await InventoryStore(path: path),
                        let writer = try? await InventoryStore(path: path)
                    else { return nil }
                    return (reader, writer)
                }
            stores = opening
            return await opening.value
        }
    }

    static func readsWhileWriting() -> BenchmarkSuite {
        func variant(_ name: String, writing: Bool) -> BenchmarkVariant {
            let stores = ReaderAndWriter("reads-\(writing)")
            return BenchmarkVariant(name) { iterations in
                guard let (reader, writer) = await stores.get() else { return }
                let stop = Locked(false)
                let writes = Task {
                    var number = 0
                    while writing, !stop.withLock({ $0 }) {
                        number += 1
                        _ = try? await writer.add(name: "Written \(number % 100)", quantity: 1)
                    }
                }
                for _ in 0..<iterations { _ = try? await reader.search("Item 4") }
                stop.withLock { $0 = true }
                await writes.value
            }
        }
        return BenchmarkSuite(
            name: "inventory reads while writing", kind: .primitive,
            summary:
                "a search through one store actor while another connection commits adds in a loop, vs alone (write-ahead logging: readers do not wait for the writer); per search",
            reference: "reads alone",
            variants: [variant("reads alone", writing: false), variant("reads while writing", writing: true)])
    }
}
